// The header's cart icon and slide-out menu, signed out and signed in.
import { describe, expect, it } from 'vitest';
import { SIGNED_IN, openPage, screenshot } from './support/browser.ts';
import { cartWith } from './support/cart.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();

describe('the cart icon', () => {
  it('with an empty cart goes to /menu with the error toast', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/terms`);
    await page.getByRole('button', { name: 'Cart, empty' }).click();
    await page.waitForURL(`${product.server.url}/menu`);
    await page.getByRole('alert').filter({ hasText: 'Please add items to cart first.!' }).waitFor();
    await context.close();
  });

  it('with items shows their count and goes to /cart', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: cartWith([2, 1]),
    });
    await page.goto(`${product.server.url}/terms`);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('3');
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await page.waitForURL(`${product.server.url}/cart`);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});

describe('the slide-out menu', () => {
  it('signed out offers Sign Up and Log in, both to /login', async () => {
    for (const name of ['Sign Up', 'Log in']) {
      const { page, context } = await openPage(product.browser, product.server.url);
      await page.goto(`${product.server.url}/privacy`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      // The menu's code arrives on its first opening: read it once it is there.
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name }).waitFor();
      expect(await menu.getByRole('link', { name: 'Manage account' }).count()).toBe(0);
      await menu.getByRole('button', { name }).click();
      await page.waitForURL(`${product.server.url}/login`);
      await context.close();
    }
  });

  it('signed in shows the first name and the account links, traps focus and closes on Escape', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: SIGNED_IN,
    });
    await page.goto(`${product.server.url}/privacy`);
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog');
    await menu.getByText('Priya').first().waitFor();
    expect(await menu.getByRole('link', { name: 'Manage account' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(await menu.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/orders');
    expect(await menu.getByRole('button', { name: 'Invite Friends' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(
        true,
      );
    }
    await screenshot(page, 'menu-signed-in');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('Sign Out clears exactly the keys product.md lists and goes to /', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: {
        ...SIGNED_IN,
        ...cartWith([1]),
        selectedAdress: JSON.stringify({ line1: '1 Brick Lane' }),
        deliveryType: 'delivery',
        deliverOrPickup: 'deliver',
        user: 'priya@example.com',
      },
    });
    await page.goto(`${product.server.url}/terms`);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${product.server.url}/`);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    for (const key of ['userData', 'selectedAdress', 'deliveryType', 'deliverOrPickup']) {
      expect(stored, key).not.toHaveProperty(key);
    }
    // The persisted root store is cleared: no cart survives.
    await expect
      .poll(async () => page.evaluate(() => localStorage.getItem('persist:root') ?? 'removed'))
      .not.toContain('line-0');
    // What product.md §4 does not list stays: the configuration, the currency, the typed contact.
    expect(stored).toHaveProperty('configData');
    expect(stored).toHaveProperty('currencyObj');
    expect(stored.user).toBe('priya@example.com');
    expect(await page.getByRole('button', { name: 'Cart, empty' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

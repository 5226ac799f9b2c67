// Ordering: the basket (dishes, options, quantities), choosing another store, and the ordering
// pages under axe at both viewports.
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { badge, cartData } from './support/cart.ts';
import { TEST_STORES, testCatalogueShop } from './support/catalogue.ts';
import { dishCard, openMenu } from './support/menu.ts';
import { useProduct } from './support/product.ts';

// The demo shop with the test catalogue, ordering from `/` (isHomePage 0).
const product = useProduct(() => testCatalogueShop({ SEED_DEMO: 'false' }));
const url = () => product.server.url;

describe('ordering', () => {
  it('adds, chooses options, keeps the basket over a reload, changes quantities and empties it', async () => {
    const { page, context, problems } = await openMenu(product.browser, url());

    // Straight from the list, with the keyboard.
    await page.getByRole('button', { name: 'Add Onion bhajis to basket' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Onion bhajis added to your basket.' })
      .waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('1');

    // A dish with choices: Add refuses until the required group is answered.
    await page.getByRole('link', { name: 'Choose options for Curry lunch box' }).click();
    await page.getByRole('heading', { level: 1, name: 'Curry lunch box' }).waitFor();
    expect(page.url()).toMatch(/\/store\/[0-9a-f-]{36}\/product-details\/[0-9a-f-]{36}$/);
    await page.getByText('780 kcal per portion').waitFor();
    await page.getByRole('button', { name: 'Add to basket · £7.50' }).click();
    const curry = page.getByRole('group', { name: 'Choose your curry' });
    await curry.getByText('Choose your curry: choose 1').waitFor();
    expect(
      await curry
        .getByRole('radio', { name: 'Tikka masala' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'product-details-problem-desktop');
    expect(await accessibilityViolations(page), 'dish page with a problem').toEqual([]);
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await curry.getByRole('radio', { name: /Lamb rogan josh/ }).check();
    const extras = page.getByRole('group', { name: 'Extras' });
    await extras.getByRole('checkbox', { name: /Raita/ }).check();
    await extras.getByRole('checkbox', { name: /Mango chutney/ }).check();
    expect(await extras.getByRole('checkbox', { name: /Lime pickle/ }).isDisabled()).toBe(true);
    const allergens = page.getByRole('region', { name: 'Allergens' });
    expect(await allergens.textContent()).toContain('Contains: Milk');
    expect(await allergens.textContent()).toContain('May contain: Mustard');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('textbox', { name: 'Note for the kitchen (optional)' }).fill('Extra hot');
    await page.getByRole('button', { name: 'Add to basket · £21.00' }).click();
    await page.waitForURL(`${url()}/menu`);
    await expect.poll(() => badge(page).textContent()).toBe('3');

    // The basket survives a reload (the persisted cartList).
    await page.reload();
    await expect.poll(() => badge(page).textContent()).toBe('3');

    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await page.waitForURL(`${url()}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your basket' }).waitFor();
    await page.getByText(`From ${TEST_STORES.shoreditch}`).waitFor();
    const lines = page.getByTestId('cart-line');
    expect(await lines.count()).toBe(2);
    const curryLine = lines.filter({ hasText: 'Curry lunch box' });
    expect(await curryLine.textContent()).toContain('Lamb rogan josh, Raita, Mango chutney');
    expect(await curryLine.textContent()).toContain('Note: Extra hot');
    expect(await curryLine.getByTestId('line-price').textContent()).toBe('£21.00');
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('£25.50');
    const minimum = page.getByTestId('minimum-order');
    expect(await minimum.textContent()).toContain('Collection: minimum £10.00, reached');
    expect(await minimum.textContent()).toContain('Delivery to E1: minimum £15.00, reached');
    expect(await page.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );
    await screenshot(page, 'cart-desktop');
    expect(await accessibilityViolations(page), '/cart').toEqual([]);
    expect(await overflowsSideways(page), '/cart').toBe(false);

    await page.getByRole('button', { name: 'Increase quantity of Onion bhajis' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£30.00');
    await page.getByRole('button', { name: 'Decrease quantity of Curry lunch box' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£19.50');
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await page.getByRole('button', { name: 'Remove Onion bhajis' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£10.50');
    expect(await minimum.textContent()).toContain('Delivery to E1: minimum £15.00: add £4.50 more');

    await page.getByRole('button', { name: 'Empty basket' }).click();
    await page.getByText('Your basket is empty.').waitFor();
    expect(await page.getByRole('button', { name: 'Cart, empty' }).count()).toBe(1);
    // product.md §4: clearing the cart sets cart data to an empty object.
    await expect.poll(() => cartData(page)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });

  it('choosing another store loads it, and a dish from it asks before emptying the basket', async () => {
    const { page, context } = await openMenu(product.browser, url());
    await page.getByRole('button', { name: 'Add Onion bhajis to basket' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await page.getByRole('link', { name: 'Change store' }).click();
    await page.waitForURL(`${url()}/stores`);
    const soho = page.getByRole('article', { name: TEST_STORES.soho });
    await soho.getByText('Temporarily closed').waitFor();
    await soho.getByText('No online menu at this store yet.').waitFor();
    await page.getByRole('button', { name: `Order here for ${TEST_STORES.camden}` }).click();
    // product.md §8: loading a store by id shows the server's message.
    await page
      .getByRole('status')
      .filter({ hasText: `You are ordering from ${TEST_STORES.camden}.` })
      .waitFor();
    await page.waitForURL(`${url()}/menu`);
    await page.getByText(`Ordering from ${TEST_STORES.camden}`, { exact: true }).waitFor();
    await dishCard(page, 'Dal makhani').waitFor();

    await page.getByRole('button', { name: 'Add Garlic naan to basket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a new basket?' });
    await dialog.getByText(`Your basket has dishes from ${TEST_STORES.shoreditch}.`).waitFor();
    await screenshot(page, 'mixing-dialog-desktop');
    expect(await accessibilityViolations(page), 'mixing dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Keep my basket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await cartData(page)).cartData.map((l: { name: string }) => l.name)).toEqual([
      'Onion bhajis',
    ]);

    await page.getByRole('button', { name: 'Add Garlic naan to basket' }).click();
    await dialog.getByRole('button', { name: 'Empty it and add' }).click();
    await expect
      .poll(async () => (await cartData(page)).cartData.map((l: { name: string }) => l.name))
      .toEqual(['Garlic naan']);
    await expect.poll(() => badge(page).textContent()).toBe('1');

    // The choice is kept: a reload still orders from Camden.
    await page.reload();
    await page.getByText(`Ordering from ${TEST_STORES.camden}`, { exact: true }).waitFor();
    await page.goto(`${url()}/cart`);
    await page.getByText(`From ${TEST_STORES.camden}`).waitFor();
    expect(await page.getByTestId('minimum-order').textContent()).toContain(
      'Collection: no minimum',
    );
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the ordering pages at %s', (name, viewport) => {
  it('pass axe and are photographed', async () => {
    const { page, context } = await openMenu(product.browser, url(), '/menu', viewport);
    await screenshot(page, `menu-${name}`);
    expect(await accessibilityViolations(page), '/menu').toEqual([]);
    expect(await overflowsSideways(page), '/menu').toBe(false);

    await page.getByRole('link', { name: 'Choose options for Curry lunch box' }).click();
    await page.getByRole('heading', { level: 1, name: 'Curry lunch box' }).waitFor();
    await screenshot(page, `product-details-${name}`);
    expect(await accessibilityViolations(page), 'dish page').toEqual([]);
    expect(await overflowsSideways(page), 'dish page').toBe(false);
    await page.getByRole('radio', { name: 'Tikka masala' }).check();
    await page.getByRole('button', { name: /^Add to basket/ }).click();
    await page.waitForURL(`${url()}/menu`);

    await page.goto(`${url()}/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await screenshot(page, `cart-${name}`);
    expect(await accessibilityViolations(page), '/cart').toEqual([]);

    await page.goto(`${url()}/stores`);
    await page.getByRole('heading', { level: 2, name: TEST_STORES.camden }).waitFor();
    await screenshot(page, `stores-${name}`);
    expect(await accessibilityViolations(page), '/stores').toEqual([]);
    expect(await overflowsSideways(page), '/stores').toBe(false);
    await context.close();
  });
});

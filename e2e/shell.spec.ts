import { describe, expect, it } from 'vitest';
import {
  SIGNED_IN,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();
const cartWith = (quantities: number[]) => ({
  'persist:root': JSON.stringify({
    cartList: JSON.stringify({
      cart_status: 200,
      cart_list_data: {
        cartData: quantities.map((quantity, i) => ({
          id: `line-${i}`,
          item_id: `item-${i}`,
          store_id: 'store-1',
          name: `Dish ${i}`,
          image: null,
          unit_price: 450,
          quantity,
          modifiers: [],
          modifier_names: [],
          note: '',
        })),
      },
    }),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  }),
});

describe('toasts', () => {
  it('appear top right, newest on top, and close after 3000 ms', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: SIGNED_IN,
    });
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`${product.server.url}/privacy`);
    // The page renders in slices after load: the toast area is there once the shell is.
    await page.getByTestId('toast-area').waitFor({ state: 'attached' });
    // Time each toast in the browser itself: when its node was added and when removed.
    await page.evaluate(() => {
      const times: Record<string, { added?: number; removed?: number }> = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach(
            (n) => ((times[n.textContent ?? ''] ??= {}).added = performance.now()),
          );
          record.removedNodes.forEach(
            (n) => ((times[n.textContent ?? ''] ??= {}).removed = performance.now()),
          );
        }
      }).observe(document.querySelector('[data-testid="toast-area"]')!, { childList: true });
    });
    await page.getByRole('button', { name: 'Cart, empty' }).click();
    const first = page.getByRole('alert').filter({ hasText: 'Please add items to cart first.!' });
    await first.waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Invite Friends' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sharing is not supported on this device.' })
      .waitFor();

    const texts = await page.getByTestId('toast-area').getByRole('alert').allTextContents();
    expect(texts.map((t) => t.replace('×', ''))).toEqual([
      'Sharing is not supported on this device.',
      'Please add items to cart first.!',
    ]);
    const box = (await page.getByTestId('toast-area').boundingBox())!;
    // Top right, just below the header so that it never covers the cart or menu buttons.
    expect(box.y).toBeLessThan(80);
    const header = (await page.locator('header').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(VIEWPORTS.desktop.width - (box.x + box.width)).toBeLessThan(20);

    await first.waitFor({ state: 'detached', timeout: 4000 });
    const times = await page.evaluate(
      () =>
        (window as unknown as { toastTimes: Record<string, { added: number; removed: number }> })
          .toastTimes,
    );
    const shown = times['Please add items to cart first.!×']!;
    // The toast's own timer starts as it is created; its node reaches the page up to a frame or
    // two later on a loaded machine, so the time seen here can be a few milliseconds short.
    expect(shown.removed - shown.added).toBeGreaterThanOrEqual(2950);
    expect(shown.removed - shown.added).toBeLessThan(3300);
    await context.close();
  });
});

describe('a network failure', () => {
  it('shows the toast SPEC.md names, and the home page offers a retry', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    // The request dies on the wire, as when the connection drops.
    await page.route('**/api/home', (route) => route.abort('internetdisconnected'));
    await page.goto(`${product.server.url}/`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Oops! Something went wrong.' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Try again' }).first().waitFor();
    await page.unroute('**/api/home');
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await page.getByText('11:30 AM - 2:30 PM, 5:00 PM - 11:00 PM').first().waitFor();
    await context.close();
  });
});

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
      expect(await page.getByRole('link', { name: 'Manage account' }).count()).toBe(0);
      await page.getByRole('button', { name }).click();
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

  it('Sign Out clears exactly the keys SPEC.md lists and goes to /', async () => {
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
    // What SPEC §4 does not list stays: the configuration, the currency, the typed contact.
    expect(stored).toHaveProperty('configData');
    expect(stored).toHaveProperty('currencyObj');
    expect(stored.user).toBe('priya@example.com');
    expect(await page.getByRole('button', { name: 'Cart, empty' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

describe('the footer', () => {
  it('is hidden on /checkout, /payment and /cart, whole elsewhere, and without its top part on home', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    // /checkout and /payment need a signed-in customer with a basket (a visitor goes to /login):
    // checkout.spec.ts checks their footer on the way through.
    for (const path of ['/cart']) {
      await page.goto(`${product.server.url}${path}`);
      await page.locator('header').waitFor();
      await page.waitForTimeout(200);
      expect(await page.getByTestId('footer').count(), path).toBe(0);
    }
    await page.goto(`${product.server.url}/terms`);
    const top = page.getByTestId('footer-top');
    await top.waitFor();
    expect(await top.getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe(
      'tel:02079460321',
    );
    expect(
      await top
        .getByRole('link', { name: '112 Brick Lane, Shoreditch, London E1 6RL' })
        .getAttribute('href'),
    ).toContain('google.com/maps');
    expect(await top.getByRole('link', { name: 'Instagram' }).count()).toBe(1);
    const footer = page.getByTestId('footer');
    expect(await footer.getByText(`© Tandoor Lane ${new Date().getFullYear()}`).count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('reservation-footer').count()).toBe(0);

    await page.goto(`${product.server.url}/`);
    await footer.waitFor();
    expect(await page.getByTestId('footer-top').count()).toBe(0);
    await context.close();
  });
});

describe('cookie consent', () => {
  it('asks while the cookie is absent; Accept keeps it 365 days, Reject removes it', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const modal = page.getByRole('dialog', { name: 'We use cookies' });
    await modal.waitFor();
    expect(await modal.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe(
      '/CookiePolicy',
    );
    await screenshot(page, 'cookie-consent');
    await modal.getByRole('button', { name: 'Accept' }).click();
    await modal.waitFor({ state: 'hidden' });
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookiesAccepted');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);

    await page.reload();
    await page.locator('header').waitFor();
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);

    await context.clearCookies();
    await page.reload();
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Reject' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect((await context.cookies()).filter((c) => c.name === 'cookiesAccepted')).toEqual([]);
    await page.reload();
    await modal.waitFor();
    await context.close();
  });

  it('opens real settings: strictly necessary always on, the rest off until chosen', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const modal = page.getByRole('dialog', { name: 'We use cookies' });
    await modal.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await modal.getByRole('button', { name: 'Cookie settings' }).click();
    const settings = page.getByTestId('cookie-settings');
    expect(
      await settings
        .getByRole('checkbox', { name: /Analytics/ })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await settings.getByRole('checkbox', { name: /Strictly necessary/ }).isChecked()).toBe(
      true,
    );
    expect(await settings.getByRole('checkbox', { name: /Strictly necessary/ }).isDisabled()).toBe(
      true,
    );
    expect(await settings.getByRole('checkbox', { name: /Analytics/ }).isChecked()).toBe(false);
    expect(await settings.getByRole('checkbox', { name: /Marketing/ }).isChecked()).toBe(false);
    await settings.getByRole('checkbox', { name: /Analytics/ }).check();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await modal.waitFor({ state: 'hidden' });
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookiesAccepted');
    expect(decodeURIComponent(cookie!.value)).toBe('necessary,analytics');
    await context.close();
  });

  it('before consent, the site stores only what it strictly needs', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/`);
    await page.getByRole('dialog', { name: 'We use cookies' }).waitFor();
    await page.waitForTimeout(500);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(
      keys.filter((k) => !['configData', 'currencyObj', 'isAppView', 'persist:root'].includes(k)),
    ).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});

describe('the configuration in the browser', () => {
  it('comes with the page on a first visit: cached under configData at once, no reload', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      firstVisit: true,
    });
    let loads = 0;
    page.on('load', () => loads++);
    const html = await (await fetch(`${product.server.url}/terms`)).text();
    expect(html).toContain('<title>Tandoor Lane</title>');
    expect(html).toContain('<script type="application/json" id="servery-config">');
    await page.goto(`${product.server.url}/terms`);
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('configData')!));
    expect(cached.websiteName).toBe('Tandoor Lane');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('currencyObj') ?? 'null')))
      .toEqual({ value: 'GBP', label: 'GBP', sign: '£' });
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await context.close();
  });
});

describe('the app-view flag', () => {
  it('is true after opening / with ?source=app and false after opening / without it', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/?source=app`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isAppView'))).toBe('true');
    await page.goto(`${product.server.url}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isAppView'))).toBe('false');
    await context.close();
  });
});

describe('brand, legal and missing pages', () => {
  it('gives every brand of the tenant a landing page', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/naan-stop`);
    await page.getByRole('heading', { level: 1, name: 'Naan Stop' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Order from Naan Stop' }).getAttribute('href'),
    ).toBe('/menu');
    await page.goto(`${product.server.url}/no-such-brand`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('shows the shop’s own terms, and the default privacy notice filled from its configuration', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/terms`);
    await page.getByText('Tandoor Lane Ltd (company number 07946032)', { exact: false }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Cancellations and refunds' }).waitFor();
    await page.goto(`${product.server.url}/privacy`);
    await page
      .getByText('Tandoor Lane, 112 Brick Lane, Shoreditch, London E1 6RL, runs this site', {
        exact: false,
      })
      .waitFor();
    await context.close();
  });

  it('lists in the cookie policy every key the site really stores', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: SIGNED_IN,
    });
    await page.goto(`${product.server.url}/CookiePolicy`);
    await page.getByRole('heading', { name: 'Cookie Policy' }).waitFor();
    const listed = await page.locator('tbody td.font-mono').allTextContents();
    const stored = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
    ]);
    const ours = stored.filter((key) => key !== 'e2e-seeded');
    for (const key of ours) expect(listed, key).toContain(key);
    expect(listed).toContain('cookiesAccepted');
    await context.close();
  });

  it('offers a reload when a page chunk cannot load', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.route('**/assets/legal-pages-*.js', (route) => route.abort());
    await page.goto(`${product.server.url}/privacy`);
    await page.getByRole('heading', { name: 'This page could not load' }).waitFor();
    await page.getByRole('button', { name: 'Reload the page' }).waitFor();
    await page.locator('header').waitFor();
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('accessibility (%s)', (name, viewport) => {
  it('axe finds no violation on the pages of the shell', async () => {
    for (const path of [
      '/',
      '/naan-stop',
      '/privacy',
      '/terms',
      '/CookiePolicy',
      '/no-such-page',
    ]) {
      const { page, context, problems } = await openPage(product.browser, product.server.url, {
        viewport,
      });
      await page.goto(`${product.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `shell-${path.replace(/\W+/g, '-') || 'home'}-${name}`);
      expect(await accessibilityViolations(page), path).toEqual([]);
      // No uncaught error on any page.
      expect(problems, path).toEqual([]);
      await context.close();
    }
    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport,
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const consent = page.getByRole('dialog', { name: 'We use cookies' });
    await consent.waitFor();
    expect(await accessibilityViolations(page), 'cookie consent').toEqual([]);
    await consent.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByTestId('cookie-settings').waitFor();
    expect(await accessibilityViolations(page), 'cookie settings').toEqual([]);
    await context.close();

    const signedIn = await openPage(product.browser, product.server.url, {
      viewport,
      storage: SIGNED_IN,
    });
    await signedIn.page.goto(`${product.server.url}/terms`);
    await signedIn.page.getByRole('button', { name: 'Open menu' }).click();
    await signedIn.page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await accessibilityViolations(signedIn.page), 'open menu').toEqual([]);
    await signedIn.context.close();
  });
});

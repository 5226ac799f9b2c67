import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { TEST_STORES, testCatalogueShop } from './support/catalogue.ts';
import {
  customerCall,
  dishId,
  fillCart,
  openSignedIn,
  saveAddress,
  storeNamed,
} from './support/checkout.ts';
import { checkoutShown } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';

const product = useProduct(() => testCatalogueShop({ SEED_DEMO: 'false', LOG_LEVEL: 'info' }));
const url = () => product.server.url;

/** axe finds nothing, and nothing scrolls sideways. */
async function clean(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
  expect(await overflowsSideways(page), `${what} scrolls sideways`).toBe(false);
}

describe('the orders list', () => {
  it('shows ten orders a page, newest first, with next and previous', async () => {
    const userData = await signInByApi(product.server);
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const naan = await dishId(url(), store.id, 'Garlic naan');
    for (let n = 1; n <= 11; n++) {
      const answer = await customerCall(url(), userData, '/order', {
        method: 'POST',
        body: JSON.stringify({
          store_id: store.id,
          order_type: 'collection',
          when: 'asap',
          lines: [{ item_id: naan, quantity: 2 + n }],
          payment_method: 'cash',
        }),
      });
      expect(answer.status).toBe(200);
    }
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await page.goto(`${url()}/orders`);
    const rows = page.getByTestId('order-summary');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await page.getByText('11 orders, newest first.').waitFor();
    // The newest is the last placed: 13 naans.
    expect(await rows.first().textContent()).toContain('13 items');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await page.getByRole('link', { name: 'Previous' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${url()}/orders?page=2`);
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('3 items');
    await page.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(`${url()}/orders`);
    await expect.poll(() => rows.count()).toBe(10);
    await context.close();
  });

  it('sends a visitor who is not signed in to /login', async () => {
    for (const path of ['/checkout', '/payment', '/orders', '/orders/x']) {
      const { page, context } = await openPage(product.browser, url());
      await page.goto(`${url()}${path}`);
      await page.waitForURL(`${url()}/login`);
      await context.close();
    }
  });
});

describe('reordering', () => {
  it('asks before emptying a basket from another store, as adding a dish does', async () => {
    const userData = await signInByApi(product.server);
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const placed = await customerCall<{ order: { id: string } }>(url(), userData, '/order', {
      method: 'POST',
      body: JSON.stringify({
        store_id: store.id,
        order_type: 'collection',
        when: 'asap',
        lines: [{ item_id: await dishId(url(), store.id, 'Prawn puri'), quantity: 2 }],
        payment_method: 'cash',
      }),
    });
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await page.goto(`${url()}/stores`);
    await page.getByRole('button', { name: `Order here for ${TEST_STORES.camden}` }).click();
    await page.waitForURL(`${url()}/menu`);
    await page.getByRole('button', { name: 'Add Dal makhani to basket' }).click();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');

    await page.goto(`${url()}/orders/${placed.body.data.order.id}`);
    await page.getByRole('button', { name: 'Reorder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a new basket?' });
    await dialog.getByText(`Your basket has dishes from ${TEST_STORES.camden}.`).waitFor();
    await clean(page, 'the reorder dialog');
    await dialog.getByRole('button', { name: 'Keep my basket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('cart-badge').textContent()).toBe('1');
    expect(await page.getByTestId('reorder-outcome').count()).toBe(0);

    await page.getByRole('button', { name: 'Reorder' }).click();
    await dialog.getByRole('button', { name: 'Empty it and reorder' }).click();
    await page.getByTestId('reorder-outcome').getByText('2 items added to your basket.').waitFor();
    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.getByText(`From ${TEST_STORES.shoreditch}`).waitFor();
    expect(await page.getByTestId('cart-line').allTextContents()).toEqual([
      expect.stringContaining('Prawn puri'),
    ]);
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');
    await context.close();
  });
});

describe('the offers page', () => {
  it('lists the public codes with their terms, and copies one', async () => {
    const { page, context } = await openPage(product.browser, url());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url() });
    await page.goto(`${url()}/promo`);
    const promos = page.getByTestId('promo');
    await promos.first().waitFor();
    // Public codes only: LANEFRIENDS is private.
    expect(await promos.getByRole('heading').allTextContents()).toEqual(['WELCOME10', 'FEAST5']);
    const welcome = promos.filter({ hasText: 'WELCOME10' });
    expect(await welcome.textContent()).toContain('10% off your first order');
    expect(await welcome.textContent()).toContain('Minimum order:£15.00');
    expect(await welcome.textContent()).toContain('Ends:no end date');
    await welcome.getByRole('button', { name: 'Copy code WELCOME10' }).click();
    await page.getByRole('status').filter({ hasText: 'WELCOME10 copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('WELCOME10');
    await welcome.getByRole('button', { name: 'Copied WELCOME10' }).waitFor();
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the ordering pages at %s', (name, viewport) => {
  it('pass axe and are photographed: cart, checkout, payment, order, orders, account, promo', async () => {
    const userData = await signInByApi(product.server);
    await saveAddress(url(), userData, {
      label: 'Home',
      address_line1: '12 Fournier Street',
      city: 'London',
      postcode: 'E1 6QE',
    });
    // A delivery needs the customer's name and phone (issue 20).
    await customerCall(url(), userData, '/customer', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'Ada', phone: '07700900123' }),
    });
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData, {
      viewport,
    });
    await fillCart(page, url(), { 'Onion bhajis': 3, 'Garlic naan': 1 });

    await page.goto(`${url()}/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await screenshot(page, `cart-${name}`);
    await clean(page, '/cart');

    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await checkoutShown(page);
    await page.getByRole('radio', { name: /12 Fournier Street/ }).waitFor();
    await page.getByRole('textbox', { name: 'Code (optional)' }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('total-discount').waitFor();
    await screenshot(page, `checkout-${name}`);
    await clean(page, '/checkout');
    await page.getByRole('button', { name: 'Add a new address' }).click();
    await page.getByTestId('address-form').waitFor();
    await clean(page, '/checkout with the address form');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.getByTestId('test-mode').waitFor();
    await screenshot(page, `payment-${name}`);
    await clean(page, '/payment');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    // The field's own error and the summary's link to it (issue 30) both say it.
    await page.locator('#card-card_number-error').getByText('Enter the card number').waitFor();
    await page.getByRole('link', { name: 'Enter the card number' }).waitFor();
    await clean(page, '/payment with its errors');
    await page.getByRole('button', { name: 'Use the test card 4000 0000 0000 0002' }).click();
    await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
    await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByTestId('payment-declined').waitFor();
    await screenshot(page, `payment-declined-${name}`);
    await clean(page, '/payment declined');
    await page.getByRole('button', { name: 'Use the test card 4000 0027 6000 3184' }).click();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    const secure = page.getByRole('dialog', { name: 'Your bank asks you to confirm this payment' });
    await secure.waitFor();
    expect(
      await secure
        .getByRole('button', { name: 'Approve' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await clean(page, '/payment, 3-D Secure');
    await page.keyboard.press('Enter');

    await page.getByTestId('order-thanks').waitFor();
    await screenshot(page, `order-${name}`);
    await clean(page, 'the order page');
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByTestId('reorder-outcome').waitFor();
    await clean(page, 'the order page after a reorder');

    await page.goto(`${url()}/orders`);
    await page.getByTestId('order-summary').first().waitFor();
    await screenshot(page, `orders-${name}`);
    await clean(page, '/orders');

    await page.goto(`${url()}/account`);
    await page.getByTestId('saved-address').first().waitFor();
    await screenshot(page, `account-${name}`);
    await clean(page, '/account');
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await page.getByRole('form', { name: 'Edit Home' }).waitFor();
    await clean(page, '/account editing an address');

    await page.goto(`${url()}/promo`);
    await page.getByTestId('promo').first().waitFor();
    await screenshot(page, `promo-${name}`);
    await clean(page, '/promo');
    expect(problems).toEqual([]);
    await context.close();
    // Seven pages, each checked with axe and photographed: a minute is tight on a busy machine.
  }, 120_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderTotals } from '@servery/contract/pricing';
import { accessibilityViolations, screenshot } from './support/browser.ts';
import { TEST_STORES, withTestCatalogue } from './support/catalogue.ts';
import {
  checkoutTotals,
  customerCall,
  fillCart,
  openSignedIn,
  orderOf,
  ordersOf,
  pounds,
  storeNamed,
  timingsOf,
} from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';
import { signInByApi } from './support/sign-in.ts';

// The demo shop (its promo codes: WELCOME10, FEAST5, and LANEFRIENDS, not listed) with the test catalogue, whose Shoreditch
// store is always open, delivers to E1 (£1.99, minimum £15.00) and collects (minimum £10.00).
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 0;
    }),
  ],
}));
const url = () => product.server.url;

const badge = (page: Page) => page.getByTestId('cart-badge');
const placeButton = (page: Page) =>
  page.getByRole('button', { name: /^(Continue to payment|Place order) · £/ });

async function goToCheckout(page: Page) {
  await page.goto(`${url()}/cart`);
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await page.waitForURL(`${url()}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByTestId('checkout-totals').waitFor();
}

async function payByCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

describe('checking out', () => {
  it('delivers to a new address, pays by test card, lists the order and reorders it', async () => {
    const userData = await signInByApi(product.server);
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Onion bhajis': 2, 'Prawn puri': 1 });
    await goToCheckout(page);
    await page.getByText(`Ordering from ${TEST_STORES.shoreditch}`).waitFor();
    expect(await page.getByTestId('footer').count()).toBe(0);

    // Delivery to a new address: the contract's postcode rule, then the saved address.
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    const form = page.getByTestId('address-form');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Brick Lane');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('London');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('12345');
    await form.getByRole('button', { name: 'Save and deliver here' }).click();
    await form.getByText('Enter a UK postcode, such as E1 6AN').waitFor();
    expect(await form.getByRole('textbox', { name: 'Postcode' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await form.getByRole('textbox', { name: 'Postcode' }).fill(' e1 6rl ');
    await form.getByRole('button', { name: 'Save and deliver here' }).click();
    await page.getByRole('status').filter({ hasText: 'Address added.' }).waitFor();
    const saved = page.getByRole('radio', { name: /1 Brick Lane/ });
    await expect.poll(() => saved.isChecked()).toBe(true);
    await expect.poll(() => saved.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Delivery £1.99 · minimum order £15.00').waitFor();
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('selectedAdress')))!),
    ).toMatchObject({
      address_line1: '1 Brick Lane',
      postcode: 'E1 6RL',
      district: 'E1',
    });

    // ASAP while the store is open.
    const asap = page.getByRole('radio', { name: /^As soon as possible/ });
    await expect.poll(() => asap.isChecked()).toBe(true);
    await page.getByText(/^Delivered in about \d+ min$/).waitFor();

    // The code's effect shows before paying: the server checks it for this basket.
    await page.getByRole('textbox', { name: 'Code (optional)' }).fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('10% off your first order — saves £1.55').waitFor();
    await page.getByRole('textbox', { name: 'Notes for the shop (optional)' }).fill('Top bell');
    const expected = orderTotals(
      [
        { line_total: 900, vat_rate: 20 },
        { line_total: 650, vat_rate: 20 },
      ],
      199,
      { kind: 'percent', value: 10 },
    );
    expect(await checkoutTotals(page)).toEqual({
      subtotal: '£15.50',
      delivery: '£1.99',
      discount: '-£1.55',
      total: pounds(expected.total),
      vat: pounds(expected.vat),
    });
    await screenshot(page, 'checkout-delivery-desktop');

    const placed = page.waitForRequest((r) => r.url().endsWith('/api/order'));
    await page
      .getByRole('button', { name: `Continue to payment · ${pounds(expected.total)}` })
      .click();
    const request = await placed;
    expect(request.headers()['idempotency-key']).toMatch(/^[\w-]{8,100}$/);
    expect(request.postDataJSON()).toMatchObject({
      order_type: 'delivery',
      when: 'asap',
      promo_code: 'WELCOME10',
      notes: 'Top bell',
      payment_method: 'card',
    });
    await page.waitForURL(/\/payment\?order=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await page.getByTestId('test-mode').getByText('Test mode').waitFor();
    expect(await page.getByTestId('pay-total').textContent()).toBe(pounds(expected.total));
    expect(await page.getByTestId('footer').count()).toBe(0);
    // Not paid yet: the basket stays.
    expect(await badge(page).textContent()).toBe('3');

    await payByCard(page, '4242 4242 4242 4242');
    await page.waitForURL(`${url()}/orders/${orderId}`);
    await page.getByTestId('order-thanks').waitFor();
    await page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Placed');
    expect(await page.getByTestId('order-total').textContent()).toBe(pounds(expected.total));
    expect(await page.getByTestId('order-payment').textContent()).toBe(
      'Card · Authorised, charged when the shop accepts',
    );
    expect(await page.getByTestId('order-where').textContent()).toContain(
      '1 Brick Lane, London E1 6RL',
    );
    await expect.poll(() => badge(page).count()).toBe(0);

    // The server's order is what the checkout showed.
    const order = await orderOf(url(), userData, orderId);
    expect(order).toMatchObject({
      status: 'placed',
      subtotal: 1550,
      delivery_fee: 199,
      discount: 155,
      total: expected.total,
      vat: expected.vat,
      promo_code: 'WELCOME10',
      notes: 'Top bell',
      payment: { provider: 'demo', status: 'authorised' },
    });

    // /orders lists it, newest first, and it opens the order page.
    await page.goto(`${url()}/orders`);
    const summary = page.getByTestId('order-summary').first();
    await summary.getByText('Placed').waitFor();
    expect(await summary.textContent()).toContain(pounds(expected.total));
    expect(await summary.textContent()).toContain(TEST_STORES.shoreditch);
    await summary.getByRole('link', { name: `Order ${order.number}` }).click();
    await page.waitForURL(`${url()}/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    expect(await page.getByTestId('order-lines').textContent()).toContain('2 × Onion bhajis');
    expect(await page.getByTestId('status-history').textContent()).toContain('Awaiting payment');

    // Reorder: the same dishes back in the basket.
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByTestId('reorder-outcome').getByText('3 items added to your basket.').waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('3');

    // The code was used once already: the server says so on Apply, before any order is sent.
    await goToCheckout(page);
    await page.getByRole('textbox', { name: 'Code (optional)' }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#promo-error').getByText('You have already used WELCOME10.').waitFor();
    const code = page.getByRole('textbox', { name: 'Code (optional)' });
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await code.getAttribute('aria-describedby')).toBe('promo-state promo-error');
    expect(await checkoutTotals(page)).toMatchObject({ discount: null });
    await placeButton(page).click();
    const listed = page.getByTestId('checkout-problems');
    await listed.getByText('You have already used WELCOME10.').waitFor();
    await expect.poll(() => listed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toBe(`${url()}/checkout`);
    expect((await ordersOf(url(), userData)).total).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a declined card clearly, then 3-D Secure: a failed check, then an approved one', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Onion bhajis': 3 });
    await goToCheckout(page);
    // By keyboard: arrows move between the choices, Enter applies a code and places the order.
    await page.getByRole('radio', { name: /^Delivery/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /^Collection/ }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Code (optional)' }).focus();
    await page.keyboard.type('nosuchcode');
    await page.keyboard.press('Enter');
    // The server's answer lands on the field at once, and keeps the order from going.
    await page.locator('#promo-error').getByText('The code NOSUCHCODE does not exist.').waitFor();
    await page.getByTestId('promo-state').getByText('NOSUCHCODE is not applied.').waitFor();
    await placeButton(page).focus();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('checkout-problems')
      .getByText('The code NOSUCHCODE does not exist.')
      .waitFor();
    expect(page.url()).toBe(`${url()}/checkout`);
    await page.getByRole('button', { name: 'Remove code NOSUCHCODE' }).click();
    await placeButton(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    await payByCard(page, '4000 0000 0000 0002');
    const declined = page.getByTestId('payment-declined');
    await declined.getByText('Your card was declined. Please try another card.').waitFor();
    expect(await declined.getAttribute('role')).toBe('alert');
    expect(page.url()).toContain('/payment');
    expect(await badge(page).textContent()).toBe('3');

    await payByCard(page, '4000 0027 6000 3184');
    const dialog = page.getByRole('dialog', { name: 'Your bank asks you to confirm this payment' });
    await dialog.waitFor();
    await screenshot(page, 'payment-3ds-desktop');
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await page
      .getByText('We could not authenticate your payment. Please try again or use another card.')
      .waitFor();

    await page.getByRole('button', { name: /^Pay £/ }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${url()}/orders/${orderId}`);
    expect(await page.getByTestId('order-payment').textContent()).toBe(
      'Card · Authorised, charged when the shop accepts',
    );
    expect((await orderOf(url(), userData, orderId)).status).toBe('placed');
    await expect.poll(() => badge(page).count()).toBe(0);
    await context.close();
  });

  it('collects at a scheduled time and takes cash; a double click places one order', async () => {
    const userData = await signInByApi(product.server);
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const timings = await timingsOf(url(), userData, store.id, 'collection');
    const day = timings.days[1] ?? timings.days[0]!;
    const slot = day.slots[2] ?? day.slots[0]!;

    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Prawn puri': 2 });
    await goToCheckout(page);
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await page.getByRole('heading', { name: 'Collect from' }).waitFor();
    await page.getByRole('radio', { name: 'At a later time' }).check();
    await page.getByRole('combobox', { name: 'Time (shop time)' }).selectOption(slot.at);
    await page.getByRole('radio', { name: /^Cash on collection/ }).check();
    expect(await checkoutTotals(page)).toMatchObject({ subtotal: '£13.00', total: '£13.00' });
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/order')) sent.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Place order · £13.00' }).dblclick();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByTestId('order-thanks').getByText('Thank you! Your order is placed.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Your order is placed.' }).first().waitFor();
    expect(await page.getByTestId('order-payment').textContent()).toBe('Cash · Cash on collection');
    expect(await page.getByTestId('order-time').textContent()).toContain('Scheduled:');
    expect(await page.getByTestId('order-time').textContent()).toContain(slot.label);
    await expect.poll(() => badge(page).count()).toBe(0);

    // However many requests went, they carried one key, and one order exists.
    expect(new Set(sent).size).toBe(1);
    const orders = await ordersOf(url(), userData);
    expect(orders.total).toBe(1);
    const order = await orderOf(url(), userData, orders.orders[0]!.id);
    expect(order).toMatchObject({
      status: 'placed',
      order_type: 'collection',
      asap: false,
      scheduled_for: slot.at,
      total: 1300,
      payment: { method: 'cash', status: 'pay_on_collection' },
    });
    // SPEC §3's order preferences keep the choices for next time.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.parse(stored.deliveryType!)).toBe('collection');
    expect(JSON.parse(stored.deliverOrPickup!)).toBe(slot.at);
    await context.close();
  });

  it('shows what a private code saves before a cash order is placed, and a refused code’s reason', async () => {
    const userData = await signInByApi(product.server);
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData);
    // £13.00 of prawn puri and £9.00 of onion bhajis: £22.00.
    await fillCart(page, url(), { 'Prawn puri': 2, 'Onion bhajis': 2 });
    await goToCheckout(page);
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await page.getByRole('radio', { name: /^Cash on collection/ }).check();
    const code = page.getByRole('textbox', { name: 'Code (optional)' });
    const state = page.getByTestId('promo-state');

    // A public code's minimum, in the server's words, before anything is placed.
    await code.fill('feast5');
    await page.getByRole('button', { name: 'Apply' }).click();
    const refusal = 'FEAST5 needs an order of at least £40.00.';
    await page.locator('#promo-error').getByText(refusal).waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('checkout-problems').getByText(refusal).waitFor();
    expect(await accessibilityViolations(page), '/checkout with a refused code').toEqual([]);

    // A code not listed anywhere: its description and saving, and the total to pay in cash.
    await code.fill('lanefriends');
    await page.getByRole('button', { name: 'Apply' }).click();
    await state.getByText('£3 off for friends of the kitchen — saves £3.00').waitFor();
    expect(await state.getByRole('status').textContent()).toBe(
      'LANEFRIENDS: £3 off for friends of the kitchen — saves £3.00',
    );
    expect(await code.getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByTestId('checkout-problems').count()).toBe(0);
    expect(await checkoutTotals(page)).toMatchObject({
      subtotal: '£22.00',
      discount: '-£3.00',
      total: '£19.00',
    });
    await page.getByText('You pay £19.00 in cash on collection.').waitFor();
    expect(await accessibilityViolations(page), '/checkout with a private code').toEqual([]);
    await screenshot(page, 'checkout-private-code-desktop');

    await page.getByRole('button', { name: 'Place order · £19.00' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await orderOf(url(), userData, orderId)).toMatchObject({
      subtotal: 2200,
      discount: 300,
      total: 1900,
      promo_code: 'LANEFRIENDS',
      payment: { method: 'cash', status: 'pay_on_collection' },
    });

    // One use each: the next basket hears so on Apply, not on placing.
    await fillCart(page, url(), { 'Prawn puri': 2, 'Onion bhajis': 2 });
    await goToCheckout(page);
    await code.fill('LANEFRIENDS');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#promo-error').getByText('You have already used LANEFRIENDS.').waitFor();
    expect(await checkoutTotals(page)).toMatchObject({ discount: null, total: '£22.00' });
    expect((await ordersOf(url(), userData)).total).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows what the server would refuse before sending: outside the zones, below the minimum', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Onion bhajis': 1 });
    await goToCheckout(page);
    await page.getByRole('radio', { name: /^Delivery/ }).check();
    const form = page.getByTestId('address-form');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('10 Downing Street');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('London');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('SW1A 2AA');
    await form.getByRole('button', { name: 'Save and deliver here' }).click();
    const refusal = `${TEST_STORES.shoreditch} does not deliver to SW1A.`;
    await page.getByTestId('address-choice').getByText(refusal).waitFor();
    const listed = page.getByTestId('checkout-problems');
    await listed.getByText(refusal).waitFor();
    await screenshot(page, 'checkout-outside-zone-desktop');

    let orders = 0;
    page.on('request', (r) => r.url().endsWith('/api/order') && orders++);
    await placeButton(page).click();
    await expect.poll(() => listed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listed.getAttribute('role')).toBe('alert');

    // The server says the same, word for word.
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const address = (await customerCall<{ id: string }[]>(url(), userData, '/customer-addresses'))
      .body.data[0]!;
    const items = (await (await fetch(`${url()}/api/menu/${store.id}`)).json()) as {
      data: { categories: { items: { id: string; name: string }[] }[] };
    };
    const bhajis = items.data.categories[0]!.items.find((i) => i.name === 'Onion bhajis')!;
    const answer = await customerCall(url(), userData, '/order', {
      method: 'POST',
      body: JSON.stringify({
        store_id: store.id,
        order_type: 'delivery',
        address_id: address.id,
        when: 'asap',
        lines: [{ item_id: bhajis.id, quantity: 1 }],
        payment_method: 'card',
      }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(refusal);

    // Collection instead: £4.50 is below its £10.00 minimum.
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await listed.getByText('The minimum order for collection is £10.00. Add £5.50 more.').waitFor();
    await placeButton(page).click();
    expect(orders).toBe(0);
    await context.close();
  });
});

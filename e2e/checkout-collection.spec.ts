// Checking out a collection paid in cash: a scheduled time, one order for a double click, and
// a private code's saving. The shop: checkoutShop.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot } from './support/browser.ts';
import { badge } from './support/cart.ts';
import { TEST_STORES } from './support/catalogue.ts';
import {
  checkoutTotals,
  fillCart,
  openSignedIn,
  orderOf,
  ordersOf,
  storeNamed,
  timingsOf,
} from './support/checkout.ts';
import { checkoutShop, goToCheckout } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';

const product = useProduct(checkoutShop);
const url = () => product.server.url;

describe('checking out', () => {
  it('collects at a scheduled time and takes cash; a double click places one order', async () => {
    const userData = await signInByApi(product.server);
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const timings = await timingsOf(url(), userData, store.id, 'collection');
    const day = timings.days[1] ?? timings.days[0]!;
    const slot = day.slots[2] ?? day.slots[0]!;

    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Prawn puri': 2 });
    await goToCheckout(page, url());
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
    // product.md §3's order preferences keep the choices for next time.
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
    await goToCheckout(page, url());
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
    await goToCheckout(page, url());
    await code.fill('LANEFRIENDS');
    await page.getByRole('button', { name: 'Apply' }).click();
    // Polled on the whole promo section, so a failure says what the customer saw instead.
    await expect
      .poll(() => page.locator('[data-field="promo_code"]').innerText(), { timeout: 30_000 })
      .toContain('You have already used LANEFRIENDS.');
    await page.locator('#promo-error').getByText('You have already used LANEFRIENDS.').waitFor();
    expect(await checkoutTotals(page)).toMatchObject({ discount: null, total: '£22.00' });
    expect((await ordersOf(url(), userData)).total).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

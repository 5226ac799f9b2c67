// Checking out a delivery paid by card: the address, the code, the payment page, the order
// and its reorder; a declined card and 3-D Secure. The shop: checkoutShop.
import { describe, expect, it } from 'vitest';
import { orderTotals } from '@servery/contract/pricing';
import { screenshot } from './support/browser.ts';
import { badge } from './support/cart.ts';
import { TEST_STORES } from './support/catalogue.ts';
import {
  checkoutTotals,
  fillCart,
  openSignedIn,
  orderOf,
  ordersOf,
  pounds,
} from './support/checkout.ts';
import { checkoutShop, goToCheckout, payByCard, placeButton } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';

const product = useProduct(checkoutShop);
const url = () => product.server.url;

describe('checking out', () => {
  it('delivers to a new address, pays by test card, lists the order and reorders it', async () => {
    const userData = await signInByApi(product.server, undefined, { profile: false });
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData);
    await fillCart(page, url(), { 'Onion bhajis': 2, 'Prawn puri': 1 });
    await goToCheckout(page, url());
    await page.getByText(`Ordering from ${TEST_STORES.shoreditch}`, { exact: true }).waitFor();
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
    // The profile has no name or phone yet: a delivery asks for them here (issue 20).
    const contact = page.getByTestId('delivery-contact');
    await contact.getByRole('textbox', { name: 'Your name' }).fill('Ada');
    await contact.getByRole('textbox', { name: 'Phone number' }).fill('07700 900123');
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
    // The card is only held: the toast and the thanks say so, not "received".
    await page
      .getByRole('status')
      .filter({ hasText: 'Your card is held until the shop accepts your order. Thank you!' })
      .waitFor();
    await page
      .getByTestId('order-thanks')
      .getByText('Your card is held: you are charged only when the shop accepts your order.')
      .waitFor();
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
    // Paid: the step before payment is the shop's business, so the history no longer shows it.
    const history = await page.getByTestId('status-history').textContent();
    expect(history).toContain('Placed');
    expect(history).not.toContain('Awaiting payment');

    // Reorder: the same dishes back in the basket.
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByTestId('reorder-outcome').getByText('3 items added to your basket.').waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('3');

    // The code was used once already: the server says so on Apply, before any order is sent.
    await goToCheckout(page, url());
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
    await goToCheckout(page, url());
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
});

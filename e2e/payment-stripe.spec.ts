import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCatalogueShop } from './support/catalogue.ts';
import { customerCall, fillCart, openSignedIn, orderOf } from './support/checkout.ts';
import { FAKE_STRIPE_KEYS, startFakeStripe } from './support/fake-stripe.ts';
import { screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';

// Registered before the product's own hooks, so the fake listens before the server starts.
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  stripe = await startFakeStripe(FAKE_STRIPE_KEYS.STRIPE_SECRET_KEY);
});
afterAll(async () => {
  await stripe?.close();
});

const product = useProduct(() =>
  testCatalogueShop({
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...FAKE_STRIPE_KEYS,
    STRIPE_API_URL: stripe.url,
  }),
);
const url = () => product.server.url;

async function placeCardOrder(page: Page) {
  await fillCart(page, url(), { 'Onion bhajis': 3 });
  await page.goto(`${url()}/checkout`);
  await page.getByRole('radio', { name: /^Collection/ }).check();
  await page.getByRole('button', { name: /^Continue to payment/ }).click();
  await page.waitForURL(/\/payment\?order=/).catch(async (error: unknown) => {
    await screenshot(page, 'payment-stripe-checkout');
    throw error;
  });
  return new URL(page.url()).searchParams.get('order')!;
}

describe('paying through Stripe', () => {
  it('loads Stripe.js from js.stripe.com for its payment element, and says so when it cannot', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    const asked = page.waitForRequest((r) => r.url().startsWith('https://js.stripe.com/v3'));
    const orderId = await placeCardOrder(page);
    expect(stripe.intentOf(orderId)?.amount).toBe(1350);
    await asked;
    // The test browser has no network: the form cannot load, and the page says so.
    const failed = page
      .getByRole('alert')
      .filter({ hasText: 'The card form could not be loaded.' });
    await failed.waitFor();
    expect(await page.getByTestId('test-mode').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay £13.50' }).isDisabled()).toBe(true);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor();
    expect((await orderOf(url(), userData, orderId)).status).toBe('pending_payment');
    await context.close();
  });

  it('back from Stripe’s own page, asks the server, which asks Stripe: paid, the basket empties', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    const orderId = await placeCardOrder(page);
    const intent = stripe.intentOf(orderId)!;

    // Not paid yet at Stripe: the page does not pretend otherwise.
    await page.goto(
      `${url()}/payment?order=${orderId}&payment_intent=${intent.id}&redirect_status=failed`,
    );
    await page.getByRole('heading', { level: 2, name: 'Pay by card' }).waitFor();
    expect((await orderOf(url(), userData, orderId)).status).toBe('pending_payment');

    // Confirmed: Stripe holds the amount (manual capture) until the shop accepts.
    intent.status = 'requires_capture';
    const check = page.waitForRequest((r) => r.url().endsWith('/api/order/payment/status'));
    await page.goto(
      `${url()}/payment?order=${orderId}&payment_intent=${intent.id}&redirect_status=succeeded`,
    );
    expect((await check).postDataJSON()).toEqual({ order_id: orderId });
    await page.waitForURL(`${url()}/orders/${orderId}`);
    await page.getByTestId('order-thanks').waitFor();
    expect(await page.getByTestId('order-payment').textContent()).toBe(
      'Card · Authorised, charged when the shop accepts',
    );
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0);
    await context.close();
  });

  it('pays with a saved card in one tap: the server confirms it at Stripe, no card form loads', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    // The first order: the customer agrees to keep the card, and Stripe.js pays it (the fake
    // stands in for the browser's confirmation, which needs js.stripe.com).
    const first = await placeCardOrder(page);
    const agreed = await customerCall(url(), userData, '/order/payment/save-card', {
      method: 'PUT',
      body: JSON.stringify({ order_id: first, save: true }),
    });
    expect(agreed.status).toBe(200);
    stripe.cards.payWith(stripe.intentOf(first)!);
    await customerCall(url(), userData, '/order/payment/status', {
      method: 'PUT',
      body: JSON.stringify({ order_id: first }),
    });

    const second = await placeCardOrder(page);
    const pay = page.getByRole('button', { name: 'Pay with Visa •••• 4242' });
    await pay.waitFor();
    expect(await page.getByTestId('express-checkout').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Pay £/ }).count()).toBe(0);
    await pay.click();
    await page.waitForURL(`${url()}/orders/${second}`);
    await page.getByTestId('order-thanks').waitFor();
    expect(stripe.intentOf(second)).toMatchObject({
      status: 'requires_capture',
      customer: stripe.intentOf(first)!.customer,
    });
    await context.close();
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderCreated } from '@servery/contract/order';
import type { SavedCard } from '@servery/contract/saved-cards';
import { paymentCustomers, savedCards } from '../../db/schema.ts';
import { useStripeShop } from '../../../test/stripe-shop.ts';

// Issue 30, point 11, through Stripe (the fake at its wire): a customer who agrees keeps their
// card on a Stripe Customer of their own in this shop (`setup_future_usage: on_session`), and
// the next order is paid with it by the server, the customer present. Servery keeps Stripe's
// ids, the brand, the last four digits and the expiry.
const stripe = useStripeShop();
let baskets = 2;

async function cardOrder(token?: string) {
  const as = token ?? (await stripe.shop.customer()).token;
  const placed = await stripe.shop.call(
    'POST',
    '/api/order',
    stripe.shop.collection({ payment_method: 'card', lines: [stripe.shop.naan(++baskets)] }),
    as,
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = (placed.json().data as OrderCreated).order.id;
  return { orderId, token: as, intent: stripe.fake.intentOf(orderId)! };
}

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  body?: object,
) => stripe.shop.call(method, url, body, token);
const cardsOf = async (token: string) =>
  (await call('GET', '/api/payment-methods', token)).json().data as SavedCard[];

/** Agrees to keep the card, pays as Stripe.js would, and asks the server how it went. */
async function customerWithSavedCard() {
  const { orderId, token, intent } = await cardOrder();
  const agreed = await call('PUT', '/api/order/payment/save-card', token, {
    order_id: orderId,
    save: true,
  });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const { card } = stripe.fake.cards.payWith(intent);
  const status = await call('PUT', '/api/order/payment/status', token, { order_id: orderId });
  expect(status.json().data.status).toBe('placed');
  const [saved] = await cardsOf(token);
  return { token, saved: saved!, method: card, intent };
}

describe('saved cards through Stripe', () => {
  it('keeps the card on a Stripe Customer of this customer once the customer agrees', async () => {
    const { token, saved, method, intent } = await customerWithSavedCard();
    expect(intent).toMatchObject({ setup_future_usage: 'on_session', customer: /^cus_/ });
    expect(stripe.fake.cards.customers.get(intent.customer!)).toBeDefined();
    expect(method.customer).toBe(intent.customer);
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    const [row] = await stripe.ctx.db.select().from(savedCards).where(eq(savedCards.id, saved.id));
    expect(row).toMatchObject({ provider: 'stripe', account: '', providerMethodId: method.id });
    // One Stripe Customer per customer and shop, however many cards.
    const { orderId } = await cardOrder(token);
    await call('PUT', '/api/order/payment/save-card', token, { order_id: orderId, save: true });
    expect(stripe.fake.intentOf(orderId)!.customer).toBe(intent.customer);
    const made = stripe.fake.requests.filter((r) => r.url === '/v1/customers');
    const customers = await stripe.ctx.db.select().from(paymentCustomers);
    expect(new Set(customers.map((c) => c.providerCustomerId)).size).toBe(customers.length);
    expect(made.length).toBe(customers.length);
  });

  it('keeps nothing when the customer does not agree, or changes their mind', async () => {
    const { orderId, token, intent } = await cardOrder();
    await call('PUT', '/api/order/payment/save-card', token, { order_id: orderId, save: true });
    await call('PUT', '/api/order/payment/save-card', token, { order_id: orderId, save: false });
    expect(intent.setup_future_usage).toBeNull();
    stripe.fake.cards.payWith(intent);
    await call('PUT', '/api/order/payment/status', token, { order_id: orderId });
    expect(await cardsOf(token)).toEqual([]);
  });

  it('pays the next order with the saved card, confirmed by the server at Stripe', async () => {
    const { token, saved, method } = await customerWithSavedCard();
    const { orderId, intent } = await cardOrder(token);
    const paid = await call('POST', '/api/order/payment/saved-card', token, {
      order_id: orderId,
      payment_method_id: saved.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
    expect(intent).toMatchObject({ status: 'requires_capture', payment_method: method.id });
    const confirm = stripe.fake.requests.find(
      (r) => r.url === `/v1/payment_intents/${intent.id}/confirm`,
    );
    expect(confirm!.form.get('return_url')).toBe(
      `http://${stripe.shop.host}/payment?order=${orderId}`,
    );
  });

  it('says so when the bank declines the saved card, and the order can still be paid', async () => {
    const { token, saved, method } = await customerWithSavedCard();
    method.card.last4 = '0002';
    const { orderId } = await cardOrder(token);
    const declined = await call('POST', '/api/order/payment/saved-card', token, {
      order_id: orderId,
      payment_method_id: saved.id,
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined.');
    const order = (await call('GET', `/api/orders/${orderId}`, token)).json().data;
    expect(order).toMatchObject({ status: 'pending_payment', payment: { status: 'failed' } });
  });

  it('never shows, charges or removes a card for another customer', async () => {
    const owner = await customerWithSavedCard();
    const stranger = await cardOrder();
    expect(await cardsOf(stranger.token)).toEqual([]);
    const stolen = await call('POST', '/api/order/payment/saved-card', stranger.token, {
      order_id: stranger.orderId,
      payment_method_id: owner.saved.id,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stranger.intent.status).toBe('requires_payment_method');
    const removed = await call('DELETE', `/api/payment-methods/${owner.saved.id}`, stranger.token);
    expect(removed.statusCode).toBe(404);
    expect(owner.method.customer).not.toBeNull();
  });

  it('removes a card: detached from the Stripe Customer, then forgotten here', async () => {
    const { token, saved, method } = await customerWithSavedCard();
    const removed = await call('DELETE', `/api/payment-methods/${saved.id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(method.customer).toBeNull();
    expect(await cardsOf(token)).toEqual([]);
  });
});

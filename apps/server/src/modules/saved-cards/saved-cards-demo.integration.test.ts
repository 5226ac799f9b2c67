import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated } from '@servery/contract/order';
import type { SavedCard } from '@servery/contract/saved-cards';
import { savedCards } from '../../db/schema.ts';
import { openOrderShop, type OrderShop } from '../../../test/order-shop.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 30, point 11, without Stripe: the demo provider keeps a card as a token of its own, and
// a saved card pays the next order in one call. A card is the customer's and the shop's only.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const clock = testClock('2026-11-17T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
});
afterAll(() => ctx.close());

const VISA = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

let baskets = 2;

/** A customer of `shop` with a card order awaiting payment: its id and their token. */
async function cardOrder(shop: OrderShop, token?: string) {
  const as = token ?? (await shop.customer()).token;
  // Each order a different basket: the same basket unpaid would be the same order again.
  const placed = await shop.call(
    'POST',
    '/api/order',
    shop.collection({
      payment_method: 'card',
      lines: [shop.naan(++baskets)],
    }),
    as,
  );
  expect(placed.statusCode, placed.body).toBe(200);
  return { orderId: (placed.json().data as OrderCreated).order.id, token: as };
}

const cardsOf = async (shop: OrderShop, token: string) => {
  const answer = await shop.call('GET', '/api/payment-methods', undefined, token);
  expect(answer.statusCode).toBe(200);
  return answer.json().data as SavedCard[];
};

/** A customer who paid one order with the Visa test card and agreed to keep it. */
async function customerWithSavedCard(shop: OrderShop) {
  const { email, token: signedIn } = await shop.customer();
  const { orderId, token } = await cardOrder(shop, signedIn);
  const paid = await shop.call(
    'POST',
    `/api/payments/demo/${orderId}/confirm`,
    { ...VISA, save_card: true },
    token,
  );
  expect(paid.statusCode).toBe(200);
  const [card] = await cardsOf(shop, token);
  return { email, token, card: card! };
}

describe('saved cards with the demo provider', () => {
  it('keeps a card the customer agreed to keep: its token, brand, last four and expiry only', async () => {
    const shop = await openOrderShop(ctx);
    const { token, card } = await customerWithSavedCard(shop);
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      expired: false,
    });
    const [row] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.providerMethodId).toMatch(/^demo_pm_[\w-]+$/);
    // No column holds the card number or the security code. (The ids, times and fingerprint are
    // random or hashed: a "123" inside one of them is chance, so the code is looked for whole.)
    const values = Object.values(row!).map(String);
    expect(values.filter((value) => value.includes('4242424242424242'))).toEqual([]);
    expect(values).not.toContain(VISA.cvc);

    // The same card kept again is still one card; a card not agreed to is not kept.
    const again = await cardOrder(shop, token);
    const confirm = `/api/payments/demo/${again.orderId}/confirm`;
    await shop.call('POST', confirm, { ...VISA, save_card: true }, token);
    expect(await cardsOf(shop, token)).toHaveLength(1);
    const other = await cardOrder(shop);
    await shop.call('POST', `/api/payments/demo/${other.orderId}/confirm`, VISA, other.token);
    expect(await cardsOf(shop, other.token)).toEqual([]);
  });

  it('never keeps a declined card', async () => {
    const shop = await openOrderShop(ctx);
    const { orderId, token } = await cardOrder(shop);
    const declined = { ...VISA, card_number: '4000000000000002', save_card: true };
    const answer = await shop.call(
      'POST',
      `/api/payments/demo/${orderId}/confirm`,
      declined,
      token,
    );
    expect(answer.statusCode).toBe(422);
    expect(await cardsOf(shop, token)).toEqual([]);
  });

  it('pays the next order with the saved card in one call, nothing typed', async () => {
    const shop = await openOrderShop(ctx);
    const { token, card } = await customerWithSavedCard(shop);
    const { orderId } = await cardOrder(shop, token);
    const paid = await shop.call(
      'POST',
      '/api/order/payment/saved-card',
      { order_id: orderId, payment_method_id: card.id },
      token,
    );
    expect(paid.statusCode).toBe(200);
    // Only held: it is charged when the shop accepts.
    expect(paid.json().message).toBe(
      'Your card is held until the shop accepts your order. Thank you!',
    );
    expect(paid.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
    // Paid already: a second tap is refused, and charges nothing.
    const twice = await shop.call(
      'POST',
      '/api/order/payment/saved-card',
      { order_id: orderId, payment_method_id: card.id },
      token,
    );
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This order can no longer be paid.');
  });

  it('never shows or charges a card to another customer, nor in another shop', async () => {
    const shop = await openOrderShop(ctx);
    const owner = await customerWithSavedCard(shop);
    const stranger = await cardOrder(shop);
    expect(await cardsOf(shop, stranger.token)).toEqual([]);
    const stolen = await shop.call(
      'POST',
      '/api/order/payment/saved-card',
      { order_id: stranger.orderId, payment_method_id: owner.card.id },
      stranger.token,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('We could not find that card.');
    const removed = await shop.call(
      'DELETE',
      `/api/payment-methods/${owner.card.id}`,
      undefined,
      stranger.token,
    );
    expect(removed.statusCode).toBe(404);

    // The same person in another shop is another customer there: no card, and none to use.
    const other = await openOrderShop(ctx);
    const there = await signInCustomer(ctx.app, ctx.db, other.host, { email: owner.email });
    expect(await cardsOf(other, there.token)).toEqual([]);
    const elsewhere = await cardOrder(other, there.token);
    const across = await other.call(
      'POST',
      '/api/order/payment/saved-card',
      { order_id: elsewhere.orderId, payment_method_id: owner.card.id },
      there.token,
    );
    expect(across.statusCode).toBe(404);
    expect(await cardsOf(shop, owner.token)).toHaveLength(1);
  });

  it('removes a card from the account; an expired card is listed to be removed, never charged', async () => {
    const shop = await openOrderShop(ctx);
    const { token, card } = await customerWithSavedCard(shop);
    await ctx.db
      .update(savedCards)
      .set({ expYear: 2026, expMonth: 10 })
      .where(eq(savedCards.id, card.id));
    const [expired] = await cardsOf(shop, token);
    expect(expired).toMatchObject({ id: card.id, expired: true });
    const { orderId } = await cardOrder(shop, token);
    const refused = await shop.call(
      'POST',
      '/api/order/payment/saved-card',
      { order_id: orderId, payment_method_id: card.id },
      token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      payment_method_id: 'This card has expired. Please use another card.',
    });

    const removed = await shop.call('DELETE', `/api/payment-methods/${card.id}`, undefined, token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Your card is removed.', data: null });
    expect(await cardsOf(shop, token)).toEqual([]);
    const gone = await shop.call('DELETE', `/api/payment-methods/${card.id}`, undefined, token);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx, and a Stripe-only step on a demo order', async () => {
    const shop = await openOrderShop(ctx);
    const { orderId, token } = await cardOrder(shop);
    const pay = (body: object) => shop.call('POST', '/api/order/payment/saved-card', body, token);
    expect((await pay({ order_id: orderId, payment_method_id: 'nope' })).statusCode).toBe(400);
    expect((await pay({ order_id: orderId })).statusCode).toBe(400);
    const unknown = await pay({ order_id: orderId, payment_method_id: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect((await shop.call('DELETE', '/api/payment-methods/x', undefined, token)).statusCode).toBe(
      404,
    );
    expect((await shop.call('GET', '/api/payment-methods')).statusCode).toBe(401);
    const save = await shop.call(
      'PUT',
      '/api/order/payment/save-card',
      { order_id: orderId, save: true },
      token,
    );
    expect(save.statusCode).toBe(422);
    expect(
      (await shop.call('PUT', '/api/order/payment/save-card', { order_id: orderId }, token))
        .statusCode,
    ).toBe(400);
  });

  it('forgets the saved cards with the account', async () => {
    const shop = await openOrderShop(ctx);
    const { token, card } = await customerWithSavedCard(shop);
    const deleted = await shop.call('DELETE', '/api/customer', undefined, token);
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.db.select().from(savedCards).where(eq(savedCards.id, card.id))).toEqual([]);
  });
});

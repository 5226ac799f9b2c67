import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses, orders } from '../../db/schema.ts';
import { address, openOrderShop, promoCodes, type OrderShop } from '../../../test/order-shop.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
});
afterAll(() => ctx.close());

/** Sends the order as `token` and expects a 422 naming `field`, with no order written. */
const refuser =
  (shop: OrderShop, token: string) =>
  async (body: object, field: string, message: string | RegExp) => {
    const shopOrders = () =>
      ctx.db.select({ n: count() }).from(orders).where(eq(orders.tenantId, shop.tenantId));
    const before = (await shopOrders())[0]!.n;
    const answer = await shop.call('POST', '/api/order', body, token);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(message);
    expect(Object.keys(answer.json().errors)).toEqual([field]);
    expect((await shopOrders())[0]!.n).toBe(before);
  };

describe('POST /api/order refuses, naming the rule', () => {
  it('a closed store, an order type it does not offer, a district it does not reach', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const refused = refuser(shop, token);
    await refused(
      shop.collection({ store_id: shop.kioskId }),
      'store_id',
      'Kiosk is not taking orders at the moment.',
    );
    // Saved while the zones reached it: the zones have moved since (a new address there is
    // refused before it is saved, addresses.integration.test.ts).
    const farAway = (await shop.call('POST', '/api/customer-addresses', address(), token)).json()
      .data.id;
    await ctx.db
      .update(customerAddresses)
      .set({ postcode: 'N16 7UJ' })
      .where(eq(customerAddresses.id, farAway));
    await refused(
      shop.collection({ order_type: 'delivery', address_id: farAway, lines: [shop.curry(2)] }),
      'address_id',
      'Main Store does not deliver to N16.',
    );
  });

  it('an address that is not the customer’s, and a stale token before a bad body', async () => {
    const shop = await openOrderShop(ctx);
    const ada = await shop.customer('ada');
    const bob = await shop.customer('bob');
    // The session and the address are read together (decision 11): each must still count.
    const bobs = (await shop.call('POST', '/api/customer-addresses', address(), bob.token)).json()
      .data.id;
    const toBob = shop.collection({
      order_type: 'delivery',
      address_id: bobs,
      lines: [shop.curry(2)],
    });
    const answer = await shop.call('POST', '/api/order', toBob, ada.token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('We could not find that address.');
    expect((await shop.call('POST', '/api/order', toBob, bob.token)).statusCode).toBe(200);
    for (const [as, body] of [
      ['x'.repeat(43), toBob],
      ['x'.repeat(43), { order_type: 'delivery', address_id: 7 }],
      ['', toBob],
    ] as const) {
      const stale = await shop.call('POST', '/api/order', body, as);
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ status: 401, message: 'Please sign in again.', data: null });
    }
  });

  it('below the minimum order', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const home = (await shop.call('POST', '/api/customer-addresses', address(), token)).json().data
      .id;
    await refuser(shop, token)(
      shop.collection({ order_type: 'delivery', address_id: home, lines: [shop.naan(1)] }),
      'lines',
      'The minimum order for delivery to E1 is £15.00. Add £11.50 more.',
    );
  });

  it('lines that are hidden, sold out, unknown or with incomplete choices', async () => {
    const shop = await openOrderShop(ctx);
    const { dish, collection, curry, naan } = shop;
    const refused = refuser(shop, (await shop.customer()).token);
    await refused(
      collection({ lines: [naan(), { item_id: dish['Winter special'], quantity: 1 }] }),
      'lines.1',
      'Line 2 is no longer on the menu.',
    );
    await refused(
      collection({ lines: [{ item_id: dish['Mango lassi'], quantity: 1 }] }),
      'lines.0',
      'Mango lassi is sold out.',
    );
    await refused(
      collection({
        lines: [{ item_id: dish['Chicken tikka masala'], quantity: 1, modifiers: [] }],
      }),
      'lines.0',
      'Chicken tikka masala: Spice level: choose 1.',
    );
    await refused(
      collection({ lines: [curry(1, ['paneer'])] }),
      'lines.0',
      'Chicken tikka masala: Paneer is sold out.',
    );
  });

  it('a slot in the past or after closing, and ASAP while closed', async () => {
    const shop = await openOrderShop(ctx);
    const refused = refuser(shop, (await shop.customer()).token);
    await refused(
      shop.collection({ when: '2026-11-17T11:00:00Z' }),
      'when',
      'That time is no longer available. Please choose another.',
    );
    await refused(shop.collection({ when: '2026-11-17T22:15:00Z' }), 'when', /no longer available/);
    clock.advance(11 * 3600_000); // 23:00
    try {
      await refused(
        shop.collection(),
        'when',
        'Main Store is closed right now. Choose a later time.',
      );
    } finally {
      clock.advance(-11 * 3600_000);
    }
  });

  it('ASAP too close to closing: not offered, and refused with the time it closes', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    clock.advance(9 * 3600_000 + 40 * 60_000); // 21:40: collection (25 min) ready at 22:05
    try {
      const timings = await shop.call(
        'GET',
        `/api/available-timings?store_id=${shop.storeId}&order_type=collection`,
        undefined,
        token,
      );
      expect(timings.json().data.asap).toEqual({
        available: false,
        at: null,
        minutes: null,
        closes_at: '2026-11-17T22:00:00.000Z',
      });
      expect(timings.json().data.days[0].label).toBe('Tomorrow');
      await refuser(shop, token)(
        shop.collection(),
        'when',
        'Main Store closes at 10:00 PM, too soon for a new order. Choose a later time.',
      );
    } finally {
      clock.advance(-(9 * 3600_000 + 40 * 60_000));
    }
  });

  it('promo codes that do not exist, have expired, need more, or are used up', async () => {
    const { welcome10, old, big5, once } = promoCodes;
    const shop = await openOrderShop(ctx, [welcome10, old, big5, once]);
    const ada = await shop.customer('ada');
    const bob = await shop.customer('bob');
    const refused = refuser(shop, ada.token);
    const { collection } = shop;
    await refused(
      collection({ promo_code: 'NOPE' }),
      'promo_code',
      'The code NOPE does not exist.',
    );
    await refused(collection({ promo_code: 'OLD' }), 'promo_code', 'OLD has expired.');
    await refused(
      collection({ promo_code: 'BIG5' }),
      'promo_code',
      'BIG5 needs an order of at least £30.00.',
    );
    const first = await shop.call(
      'POST',
      '/api/order',
      collection({ promo_code: 'ONCE' }),
      ada.token,
    );
    expect(first.statusCode).toBe(200);
    const someoneElse = await shop.call(
      'POST',
      '/api/order',
      collection({ promo_code: 'ONCE' }),
      bob.token,
    );
    expect(someoneElse.statusCode).toBe(422);
    expect(someoneElse.json().message).toBe('ONCE has been used up.');
    const welcomed = await shop.call(
      'POST',
      '/api/order',
      collection({ promo_code: 'WELCOME10' }),
      ada.token,
    );
    expect(welcomed.statusCode).toBe(200);
    await refused(
      collection({ promo_code: 'WELCOME10' }),
      'promo_code',
      'You have already used WELCOME10.',
    );
  });

  it('a bad body, field by field, before any rule', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const answer = await shop.call(
      'POST',
      '/api/order',
      { store_id: 'x', order_type: 'drone', lines: [] },
      token,
    );
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().errors).sort()).toEqual([
      'lines',
      'order_type',
      'payment_method',
      'store_id',
      'when',
    ]);
  });
});

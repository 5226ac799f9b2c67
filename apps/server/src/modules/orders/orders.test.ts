import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@servery/contract/address';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings, OrderCreated } from '@servery/contract/order';
import { orders, outboxMessages, payments } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signIn, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
shop.promos = [
  { code: 'WELCOME10', description: '10% off', kind: 'percent', value: 10 },
  { code: 'BIG5', description: '£5 off £30', kind: 'fixed', value: 500, minimumOrder: 3000 },
  {
    code: 'OLD',
    description: 'Expired',
    kind: 'fixed',
    value: 100,
    endsAt: '2026-01-01T00:00:00Z',
  },
  {
    code: 'ONCE',
    description: 'One use in all',
    kind: 'fixed',
    value: 100,
    totalLimit: 1,
    public: false,
  },
];
const host = shop.hosts[0]!.host;

let token = '';
let otherToken = '';
let storeId = '';
let kioskId = '';
const dish: Record<string, string> = {};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as = token,
  headers = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { host, authorization: `Bearer ${as}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  token = (await signIn(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  otherToken = (await signIn(ctx.app, ctx.db, host, { email: 'bob@example.com' })).token;
  const stores = (await call('GET', '/api/store')).json().data as StoreSummary[];
  storeId = stores.find((s) => s.slug === 'main')!.id;
  kioskId = stores.find((s) => s.slug === 'kiosk')!.id;
  const menu = (await call('GET', `/api/menu/${storeId}`)).json().data as StoreMenu;
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;
  const hidden = await ctx.db.query.menuItems.findFirst({
    where: (t, { eq }) => eq(t.slug, 'winter-special'),
  });
  dish['Winter special'] = hidden!.id;
});
afterAll(() => ctx.close());

const address = (postcode = 'e1 6an') => ({
  label: 'Home',
  address_line1: '12 Fournier Street',
  city: 'London',
  postcode,
});
const curry = (quantity = 1, extras: string[] = []) => ({
  item_id: dish['Chicken tikka masala']!,
  quantity,
  modifiers: [
    { group_id: 'spice', option_ids: ['hot'] },
    { group_id: 'extras', option_ids: extras },
  ],
});
const naan = (quantity = 1) => ({ item_id: dish['Garlic naan']!, quantity, modifiers: [] });
const collection = (overrides: object = {}) => ({
  store_id: storeId,
  order_type: 'collection',
  when: 'asap',
  lines: [curry(), naan(2)],
  payment_method: 'cash',
  ...overrides,
});

describe('saved addresses', () => {
  it('creates (201), lists, updates and deletes the customer’s own addresses', async () => {
    const created = await call('POST', '/api/customer-addresses', address());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      status: 201,
      message: 'Address added.',
      data: { postcode: 'E1 6AN', district: 'E1', is_default: true, address_line2: '' },
    });
    const id = body.data.id as string;
    const updated = await call('PUT', `/api/customer-addresses/${id}`, {
      ...address('EC2A 4NE'),
      instructions: 'Ring twice',
    });
    expect(updated.json()).toMatchObject({
      message: 'Address updated.',
      data: { district: 'EC2A', instructions: 'Ring twice' },
    });
    const list = (await call('GET', '/api/customer-addresses')).json().data as Address[];
    expect(list.map((a) => a.id)).toEqual([id]);
    const deleted = await call('DELETE', `/api/customer-addresses/${id}`);
    expect(deleted.json()).toEqual({ status: 200, message: 'Address deleted.', data: null });
    expect((await call('GET', '/api/customer-addresses')).json().data).toEqual([]);
  });

  it('answers 404 for another customer’s address and 400 for a bad postcode', async () => {
    const mine = (await call('POST', '/api/customer-addresses', address())).json().data.id;
    for (const method of ['PUT', 'DELETE'] as const) {
      const answer = await call(
        method,
        `/api/customer-addresses/${mine}`,
        method === 'PUT' ? address() : undefined,
        otherToken,
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('We could not find that address.');
    }
    const bad = await call('POST', '/api/customer-addresses', { ...address('12345'), city: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      postcode: 'Enter a UK postcode, such as E1 6AN',
      city: 'Town or city is required',
    });
    await call('DELETE', `/api/customer-addresses/${mine}`);
  });
});

describe('GET /api/available-timings', () => {
  it('offers ASAP and quarter-hour slots from now plus the lead time', async () => {
    const answer = await call(
      'GET',
      `/api/available-timings?store_id=${storeId}&order_type=collection`,
    );
    const timings = answer.json().data as AvailableTimings;
    // The factory store prepares in 25 minutes.
    expect(timings.asap).toEqual({ available: true, at: '2026-11-17T12:25:00.000Z', minutes: 25 });
    expect(timings.days[0]!.slots[0]).toEqual({
      at: '2026-11-17T12:30:00.000Z',
      label: '12:30 PM',
    });
    expect(timings.days[0]!.slots.at(-1)!.label).toBe('10:00 PM');
  });
});

describe('POST /api/order', () => {
  it('places a cash collection order priced by the server, numbered, with its confirmation queued', async () => {
    const answer = await call('POST', '/api/order', {
      ...collection({ lines: [{ ...curry(1, ['cashew']), unit_price: 1 }, naan(2)] }),
    });
    expect(answer.statusCode).toBe(200);
    const { order, payment, price_changes } = answer.json().data as OrderCreated;
    expect(answer.json().message).toBe('Your order is placed.');
    expect(order).toMatchObject({
      number: 1001,
      status: 'placed',
      order_type: 'collection',
      asap: true,
      scheduled_for: '2026-11-17T12:25:00.000Z',
      subtotal: 1195 + 700,
      delivery_fee: 0,
      discount: 0,
      total: 1895,
      // 20% VAT inside £18.95.
      vat: Math.round((1195 * 20) / 120) + Math.round((700 * 20) / 120),
      payment: { method: 'cash', provider: 'cash', status: 'pay_on_collection' },
    });
    expect(order.lines[0]).toMatchObject({
      name: 'Chicken tikka masala',
      unit_price: 1195,
      modifier_names: ['Hot', 'Cashew sauce'],
    });
    // The client's price was ignored and the difference reported.
    expect(price_changes).toEqual([
      { item_id: dish['Chicken tikka masala'], name: 'Chicken tikka masala', was: 1, now: 1195 },
    ]);
    expect(payment).toEqual({
      provider: 'cash',
      status: 'pay_on_collection',
      client_secret: null,
      publishable_key: null,
      stripe_account: null,
    });
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(outboxMessages.recipient, 'ada@example.com'),
        ),
      );
    expect(mail!.subject).toBe(`Order 1001 from ${shop.websiteName} is confirmed`);
    expect(mail!.textBody).toContain('1 × Chicken tikka masala (Hot, Cashew sauce)  £11.95');
  });

  it('delivers with the zone’s fee and a promo code, and the demo card pays for it once', async () => {
    const addressId = (await call('POST', '/api/customer-addresses', address())).json().data.id;
    const answer = await call('POST', '/api/order', {
      store_id: storeId,
      order_type: 'delivery',
      address_id: addressId,
      when: 'asap',
      lines: [curry(2)],
      promo_code: 'welcome10',
      payment_method: 'card',
    });
    expect(answer.statusCode).toBe(200);
    const created = answer.json().data as OrderCreated;
    expect(created.order).toMatchObject({
      status: 'pending_payment',
      subtotal: 2190,
      discount: 219,
      delivery_fee: 250,
      total: 2190 - 219 + 250,
      promo_code: 'WELCOME10',
      address: { postcode: 'E1 6AN' },
      payment: { provider: 'demo', status: 'requires_payment' },
    });
    // Delivery lead: 25 minutes cooking and 20 on the road.
    expect(created.order.scheduled_for).toBe('2026-11-17T12:45:00.000Z');

    const card = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    const paid = await call('POST', `/api/payments/demo/${created.order.id}/confirm`, card);
    expect(paid.statusCode).toBe(200);
    // Held, as Stripe's manual capture holds it: the shop's accept charges it.
    expect(paid.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
    expect(paid.json().data.status_history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'placed',
    ]);
    // Paying again changes nothing and sends nothing more.
    await call('POST', `/api/payments/demo/${created.order.id}/confirm`, card);
    const confirmations = await ctx.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'order_confirmation'));
    expect(confirmations[0]!.n).toBe(2);
    const status = await call('PUT', '/api/order/payment/status', { order_id: created.order.id });
    expect(status.json().data.status).toBe('placed');
  });

  it('declines a declined card and asks a 3-D Secure card to authenticate', async () => {
    const place = async () =>
      (
        (await call('POST', '/api/order', collection({ payment_method: 'card' }))).json()
          .data as OrderCreated
      ).order.id;
    const first = await place();
    const declined = await call('POST', `/api/payments/demo/${first}/confirm`, {
      card_number: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined. Please try another card.');
    expect((await call('GET', `/api/orders/${first}`)).json().data).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });

    const second = await place();
    const secure = { card_number: '4000002760003184', expiry: '12/30', cvc: '123' };
    const challenged = await call('POST', `/api/payments/demo/${second}/confirm`, secure);
    expect(challenged.json().data.payment.status).toBe('requires_action');
    const approved = await call('POST', `/api/payments/demo/${second}/confirm`, {
      ...secure,
      authenticate: 'approve',
    });
    expect(approved.json().data).toMatchObject({
      status: 'placed',
      payment: { status: 'authorised' },
    });

    const bad = await call('POST', `/api/payments/demo/${second}/confirm`, {
      card_number: '4242424242424241',
      expiry: '01/20',
      cvc: '1',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('makes one order and one payment from the same order sent 50 times at once with one key', async () => {
    const key = 'same-key-for-fifty';
    const before = (await ctx.db.select({ n: count() }).from(orders))[0]!.n;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/order', collection(), token, { 'idempotency-key': key }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const ids = new Set(answers.map((a) => a.json().data.order.id));
    expect(ids.size).toBe(1);
    expect((await ctx.db.select({ n: count() }).from(orders))[0]!.n).toBe(before + 1);
    const [id] = [...ids];
    expect(
      (await ctx.db.select({ n: count() }).from(payments).where(eq(payments.orderId, id)))[0]!.n,
    ).toBe(1);
    const other = await call('POST', '/api/order', collection({ notes: 'different' }), token, {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different order.',
    );
  });
});

describe('POST /api/order refuses, naming the rule', () => {
  const refused = async (body: object, field: string, message: string | RegExp) => {
    const before = (await ctx.db.select({ n: count() }).from(orders))[0]!.n;
    const answer = await call('POST', '/api/order', body);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(message);
    expect(Object.keys(answer.json().errors)).toEqual([field]);
    expect((await ctx.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  };

  it('a closed store, an order type it does not offer, a district it does not reach', async () => {
    await refused(
      collection({ store_id: kioskId }),
      'store_id',
      'Kiosk is not taking orders at the moment.',
    );
    const farAway = (await call('POST', '/api/customer-addresses', address('N16 7UJ'))).json().data
      .id;
    await refused(
      collection({ order_type: 'delivery', address_id: farAway, lines: [curry(2)] }),
      'address_id',
      'Main Store does not deliver to N16.',
    );
  });

  it('an address that is not the customer’s, and a stale token before a bad body', async () => {
    // The session and the address are read together (decision 11): each must still count.
    const bobs = (await call('POST', '/api/customer-addresses', address(), otherToken)).json().data
      .id;
    const toBob = collection({ order_type: 'delivery', address_id: bobs, lines: [curry(2)] });
    const answer = await call('POST', '/api/order', toBob);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('We could not find that address.');
    expect((await call('POST', '/api/order', toBob, otherToken)).statusCode).toBe(200);
    for (const [as, body] of [
      ['x'.repeat(43), toBob],
      ['x'.repeat(43), { order_type: 'delivery', address_id: 7 }],
      ['', toBob],
    ] as const) {
      const stale = await call('POST', '/api/order', body, as);
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ status: 401, message: 'Please sign in again.', data: null });
    }
  });

  it('below the minimum order', async () => {
    const home = (await call('POST', '/api/customer-addresses', address())).json().data.id;
    await refused(
      collection({ order_type: 'delivery', address_id: home, lines: [naan(1)] }),
      'lines',
      'The minimum order for delivery to E1 is £15.00. Add £11.50 more.',
    );
  });

  it('lines that are hidden, sold out, unknown or with incomplete choices', async () => {
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
    await refused(
      collection({ when: '2026-11-17T11:00:00Z' }),
      'when',
      'That time is no longer available. Please choose another.',
    );
    await refused(collection({ when: '2026-11-17T22:15:00Z' }), 'when', /no longer available/);
    clock.advance(11 * 3600_000); // 23:00
    await refused(collection(), 'when', 'Main Store is closed right now. Choose a later time.');
    clock.advance(-11 * 3600_000);
  });

  it('promo codes that do not exist, have expired, need more, or are used up', async () => {
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
    expect((await call('POST', '/api/order', collection({ promo_code: 'ONCE' }))).statusCode).toBe(
      200,
    );
    const someoneElse = await call(
      'POST',
      '/api/order',
      collection({ promo_code: 'ONCE' }),
      otherToken,
    );
    expect(someoneElse.statusCode).toBe(422);
    expect(someoneElse.json().message).toBe('ONCE has been used up.');
    await refused(
      collection({ promo_code: 'WELCOME10' }),
      'promo_code',
      'You have already used WELCOME10.',
    );
  });

  it('a bad body, field by field, before any rule', async () => {
    const answer = await call('POST', '/api/order', {
      store_id: 'x',
      order_type: 'drone',
      lines: [],
    });
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

describe('orders', () => {
  it('lists the customer’s own orders, newest first, and hides everyone else’s', async () => {
    const page = (await call('GET', '/api/orders')).json().data;
    expect(page.total).toBeGreaterThan(3);
    expect(page.orders.length).toBeLessThanOrEqual(10);
    const numbers = page.orders.map((o: { number: number }) => o.number);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    const mine = page.orders[0].id;
    expect((await call('GET', `/api/orders/${mine}`)).statusCode).toBe(200);
    const theirs = await call('GET', `/api/orders/${mine}`, undefined, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('We could not find that order.');
    expect(
      (await call('PUT', '/api/order/payment/status', { order_id: mine }, otherToken)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/orders')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: { host } })).statusCode,
    ).toBe(401);
  });

  it('lists the public promo codes that work now', async () => {
    const promos = (
      await ctx.app.inject({ method: 'GET', url: '/api/promos', headers: { host } })
    ).json().data;
    expect(promos.map((p: { code: string }) => p.code)).toEqual(['WELCOME10', 'BIG5']);
  });
});

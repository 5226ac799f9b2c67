import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { OrderCreated } from '@servery/contract/order';
import type { PromoCheck } from '@servery/contract/promo';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { freshIp, signInCustomer, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { PROMO_CHECK_RATE_LIMIT } from './promos.routes.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open, so orders can use codes.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
shop.promos = [
  { code: 'WELCOME10', description: '10% off', kind: 'percent', value: 10 },
  { code: 'BIG5', description: '£5 off £30', kind: 'fixed', value: 500, minimumOrder: 3000 },
  {
    code: 'FRIENDS',
    description: '£3 off for friends',
    kind: 'fixed',
    value: 300,
    minimumOrder: 1500,
    public: false,
  },
  {
    code: 'OLD',
    description: 'Expired',
    kind: 'fixed',
    value: 100,
    endsAt: '2026-01-01T00:00:00Z',
  },
  {
    code: 'SOON',
    description: 'Next year',
    kind: 'fixed',
    value: 100,
    startsAt: '2027-01-01T00:00:00Z',
  },
  {
    code: 'ONCE',
    description: 'One use in all',
    kind: 'fixed',
    value: 100,
    totalLimit: 1,
    perCustomerLimit: null,
    public: false,
  },
];
const host = shop.hosts[0]!.host;
const elsewhere = makeCatalogueDocument();
elsewhere.promos = [{ code: 'ELSEWHERE', description: 'Theirs', kind: 'fixed', value: 200 }];
const elsewhereHost = elsewhere.hosts[0]!.host;

let ada = '';
let bob = '';
let storeId = '';
let elsewhereStoreId = '';
const dish: Record<string, string> = {};

function post(url: string, payload: object | string, as: string | null, more: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { host, ...(as ? { authorization: `Bearer ${as}` } : {}) },
    payload,
    // Each request from an address of its own, so the rate limit is met only where tested.
    remoteAddress: freshIp(),
    ...more,
  });
}
const check = (body: object | string, as: string | null = ada, more: object = {}) =>
  post('/api/promos/check', body, as, more);

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, elsewhere);
  ada = (await signInCustomer(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  bob = (await signInCustomer(ctx.app, ctx.db, host, { email: 'bob@example.com' })).token;
  const stores = async (h: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host: h } })).json()
      .data as StoreSummary[];
  storeId = (await stores(host)).find((s) => s.slug === 'main')!.id;
  elsewhereStoreId = (await stores(elsewhereHost)).find((s) => s.slug === 'main')!.id;
  const menu = (
    await ctx.app.inject({ method: 'GET', url: `/api/menu/${storeId}`, headers: { host } })
  ).json().data as StoreMenu;
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;
  const tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
  const hidden = await ctx.db.query.menuItems.findFirst({
    where: (t, { and, eq }) => and(eq(t.tenantId, tenantId), eq(t.slug, 'winter-special')),
  });
  dish['Winter special'] = hidden!.id;
});
afterAll(() => ctx.close());

// Chicken tikka masala, hot, with cashew sauce (£10.95 + £1.00), and two garlic naans (£7.00).
const curry = (quantity = 1) => ({
  item_id: dish['Chicken tikka masala']!,
  quantity,
  modifiers: [
    { group_id: 'spice', option_ids: ['hot'] },
    { group_id: 'extras', option_ids: ['cashew'] },
  ],
});
const naan = (quantity = 2) => ({ item_id: dish['Garlic naan']!, quantity });
const basket = (code: string, lines: object[] = [curry(), naan()]) => ({
  promo_code: code,
  store_id: storeId,
  lines,
});
const order = (code: string, lines: object[] = [curry(), naan()]) => ({
  ...basket(code, lines),
  order_type: 'collection',
  when: 'asap',
  payment_method: 'cash',
});

/** The check refuses the code with the very answer placing the order gives. */
async function refusedAsTheOrderIs(code: string, message: string, as = ada) {
  const checked = await check(basket(code), as);
  expect(checked.statusCode).toBe(422);
  expect(checked.json()).toEqual({
    status: 422,
    message,
    data: null,
    errors: { promo_code: message },
  });
  const placed = await post('/api/order', order(code), as);
  expect(placed.statusCode).toBe(422);
  expect(placed.json()).toEqual(checked.json());
}

describe('POST /api/promos/check', () => {
  it('answers a private code’s terms and the discount it gives this basket now', async () => {
    const answer = await check(basket(' friends '));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 200,
      message: 'FRIENDS takes £3.00 off your order.',
      data: {
        code: 'FRIENDS',
        description: '£3 off for friends',
        kind: 'fixed',
        value: 300,
        minimum_order: 1500,
        ends_at: null,
        subtotal: 1895,
        discount: 300,
      } satisfies PromoCheck,
    });
  });

  it('prices the lines itself: client prices are ignored, lines the order would refuse do not count', async () => {
    const answer = await check(
      basket('WELCOME10', [
        { ...curry(), unit_price: 1 },
        naan(),
        { item_id: dish['Mango lassi'], quantity: 1 },
        { item_id: dish['Winter special'], quantity: 1 },
        { ...curry(), modifiers: [{ group_id: 'extras', option_ids: ['paneer'] }] },
      ]),
    );
    expect(answer.json().data).toMatchObject({ subtotal: 1895, discount: 190 });
  });

  it('gives the discount the order then takes, and counts the use afterwards', async () => {
    const checked = (await check(basket('WELCOME10'), bob)).json().data as PromoCheck;
    const placed = await post('/api/order', order('WELCOME10'), bob);
    expect(placed.statusCode).toBe(200);
    const made = (placed.json().data as OrderCreated).order;
    expect({ subtotal: made.subtotal, discount: made.discount }).toEqual({
      subtotal: checked.subtotal,
      discount: checked.discount,
    });
    await refusedAsTheOrderIs('WELCOME10', 'You have already used WELCOME10.', bob);
    // Another customer's use is not this one's.
    expect((await check(basket('WELCOME10'), ada)).statusCode).toBe(200);
  });

  it('refuses an unknown code, an expired one and one not started, as the order does', async () => {
    await refusedAsTheOrderIs('NOPE', 'The code NOPE does not exist.');
    await refusedAsTheOrderIs('OLD', 'OLD has expired.');
    await refusedAsTheOrderIs('SOON', 'SOON has not started yet.');
  });

  it('refuses a basket under the code’s minimum, and takes it once the basket is enough', async () => {
    await refusedAsTheOrderIs('BIG5', 'BIG5 needs an order of at least £30.00.');
    const bigger = await check(basket('BIG5', [curry(3)]));
    expect(bigger.json().data).toMatchObject({ subtotal: 3585, discount: 500 });
  });

  it('refuses a code used up in total, for everyone', async () => {
    expect((await check(basket('ONCE'), ada)).statusCode).toBe(200);
    expect((await post('/api/order', order('ONCE'), ada)).statusCode).toBe(200);
    await refusedAsTheOrderIs('ONCE', 'ONCE has been used up.', bob);
    await refusedAsTheOrderIs('ONCE', 'ONCE has been used up.', ada);
  });

  it('knows only this shop’s codes, stores and customers', async () => {
    await refusedAsTheOrderIs('ELSEWHERE', 'The code ELSEWHERE does not exist.');
    const theirStore = await check({ ...basket('FRIENDS'), store_id: elsewhereStoreId });
    expect(theirStore.statusCode).toBe(422);
    expect(theirStore.json()).toEqual({
      status: 422,
      message: 'We could not find that store.',
      data: null,
      errors: { store_id: 'We could not find that store.' },
    });
    // This shop's token is no token at the other shop.
    const there = await check({ ...basket('ELSEWHERE'), store_id: elsewhereStoreId }, ada, {
      headers: { host: elsewhereHost, authorization: `Bearer ${ada}` },
    });
    expect(there.statusCode).toBe(401);
  });

  it('answers 401 to a visitor or an unknown token', async () => {
    for (const as of [null, 'not-a-real-token-0123456789']) {
      const answer = await check(basket('FRIENDS'), as);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 401, message: 'Please sign in again.', data: null });
    }
  });

  it('answers 400 naming each bad field, and never a 500', async () => {
    const empty = await check({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['lines', 'promo_code', 'store_id']);
    const blank = await check(basket('   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ promo_code: 'Enter a promo code' });
    expect((await check(basket('X'.repeat(41)))).json().errors).toEqual({
      promo_code: 'A promo code has at most 40 characters',
    });
    const lines = await check(basket('FRIENDS', [{ ...curry(), quantity: 0 }]));
    expect(lines.statusCode).toBe(400);
    expect(lines.json().errors).toEqual({ 'lines.0.quantity': 'Quantity must be at least 1' });
    expect((await check(basket('FRIENDS', []))).json().errors).toEqual({
      lines: 'Your basket is empty',
    });
    expect((await check({ ...basket('FRIENDS'), store_id: 'x' })).json().errors).toEqual({
      store_id: 'Must be an id',
    });
    const notJson = await check('{"promo_code":', ada, {
      headers: { host, authorization: `Bearer ${ada}`, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({
      status: 400,
      message: 'The request body is not valid JSON.',
      data: null,
    });
  });

  it('is rate-limited per shop and IP: then 429 with Retry-After', async () => {
    const ip = '192.0.2.77';
    const from = (remoteAddress: string) => check(basket('NOPE'), ada, { remoteAddress });
    for (let n = 1; n <= PROMO_CHECK_RATE_LIMIT.max; n++) {
      expect((await from(ip)).statusCode, `check ${n}`).toBe(422);
    }
    const limited = await from(ip);
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      status: 429,
      message: `Too many requests. Please try again in ${seconds} seconds.`,
      data: null,
    });
    expect((await from('192.0.2.78')).statusCode).toBe(422);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { OrderCreated, OrderPage } from '@servery/contract/order';
import { orders } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 20: declined or abandoned card payments do not pile up as orders awaiting payment.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
const host = shop.hosts[0]!.host;
let token = '';
let storeId = '';
const dish: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  token = (await signInCustomer(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  const stores = (await call('GET', '/api/store')).json().data as StoreSummary[];
  storeId = stores.find((s) => s.slug === 'main')!.id;
  const menu = (await call('GET', `/api/menu/${storeId}`)).json().data as StoreMenu;
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;
});
afterAll(() => ctx.close());
// Each test is a customer of its own: what one leaves unpaid is not in another's list.
let customers = 0;
beforeEach(async () => {
  customers += 1;
  token = (await signInCustomer(ctx.app, ctx.db, host, { email: `ada.${customers}@example.com` }))
    .token;
});

const basket = (naans: number, payment_method = 'card') => ({
  store_id: storeId,
  order_type: 'collection',
  when: 'asap',
  lines: [
    {
      item_id: dish['Chicken tikka masala']!,
      quantity: 1,
      modifiers: [{ group_id: 'spice', option_ids: ['hot'] }],
    },
    { item_id: dish['Garlic naan']!, quantity: naans, modifiers: [] },
  ],
  payment_method,
});
const place = async (body: object) => {
  const answer = await call('POST', '/api/order', body);
  expect(answer.statusCode).toBe(200);
  return answer.json().data as OrderCreated;
};
const declinedCard = { card_number: '4000000000000002', expiry: '12/30', cvc: '123' };
const goodCard = { card_number: '4242424242424242', expiry: '12/30', cvc: '123' };
const listed = async () => (await call('GET', '/api/orders')).json().data as OrderPage;
const awaiting = (page: OrderPage) => page.orders.filter((o) => o.status === 'pending_payment');
const stored = async () =>
  (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId)))[0]!.n;

describe('card orders nobody paid', () => {
  it('a declined card, then the same basket again: the one order, which the next card pays', async () => {
    const before = await stored();
    const first = await place(basket(1));
    const declined = await call(
      'POST',
      `/api/payments/demo/${first.order.id}/confirm`,
      declinedCard,
    );
    expect(declined.statusCode).toBe(422);

    clock.advance(5 * 60_000);
    const again = await place(basket(1));
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.number).toBe(first.order.number);
    // ASAP is worked out from now, not from the first try.
    expect(Date.parse(again.order.scheduled_for)).toBe(
      Date.parse(first.order.scheduled_for) + 5 * 60_000,
    );
    expect(again.payment).toMatchObject({ provider: 'demo', status: 'failed' });
    expect(await stored()).toBe(before + 1);

    const paid = await call('POST', `/api/payments/demo/${first.order.id}/confirm`, goodCard);
    expect(paid.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
    // Paid, it is an order like any other: the same basket now makes a new one.
    const next = await place(basket(1));
    expect(next.order.id).not.toBe(first.order.id);
    await call('POST', `/api/payments/demo/${next.order.id}/confirm`, goodCard);
  });

  it('the list shows one order awaiting payment, the newest; the others stay payable by link', async () => {
    const one = await place(basket(2));
    const two = await place(basket(3));
    expect(two.order.id).not.toBe(one.order.id);
    let page = await listed();
    expect(awaiting(page).map((o) => o.id)).toEqual([two.order.id]);
    expect(page.orders.some((o) => o.id === one.order.id)).toBe(false);
    expect(page.total).toBe(page.orders.length);

    // The hidden one can still be read and paid from its own page; paid, it is listed again.
    expect((await call('GET', `/api/orders/${one.order.id}`)).json().data.status).toBe(
      'pending_payment',
    );
    await call('POST', `/api/payments/demo/${one.order.id}/confirm`, goodCard);
    page = await listed();
    expect(page.orders.find((o) => o.id === one.order.id)?.status).toBe('placed');
    expect(awaiting(page).map((o) => o.id)).toEqual([two.order.id]);
    await call('POST', `/api/payments/demo/${two.order.id}/confirm`, goodCard);
    expect(awaiting(await listed())).toEqual([]);
  });

  it('takes up an unpaid order for half an hour; cash orders are never taken up', async () => {
    const first = await place(basket(4));
    clock.advance(31 * 60_000);
    const later = await place(basket(4));
    expect(later.order.id).not.toBe(first.order.id);
    expect(awaiting(await listed()).map((o) => o.id)).toEqual([later.order.id]);
    await call('POST', `/api/payments/demo/${later.order.id}/confirm`, goodCard);

    const cash = await place(basket(4, 'cash'));
    const cashAgain = await place(basket(4, 'cash'));
    expect(cashAgain.order.id).not.toBe(cash.order.id);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import type { StaffAgent } from '../../../test/staff.ts';

// Issue 29 points 1 and 2: a trading day of the shop's (4:00 AM to 4:00 AM, decision 80; the
// clocks go forward on 29 March 2026 in London), its figures equal to the sum of its orders, the
// previous day beside them, and CSV.
const s = useBackOfficeShop();
const get = (query: string, agent: StaffAgent = s.manager) =>
  s.ctx.app.inject({
    method: 'GET',
    url: `/api/admin/reports/sales?${query}`,
    headers: agent.headers,
  });

async function placedAt(
  iso: string,
  options: Parameters<typeof insertTestOrder>[2],
  where = s.main,
) {
  const order = await insertTestOrder(s.ctx.db, where, options);
  await s.ctx.db
    .update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, order.id));
  return order;
}

beforeAll(async () => {
  // 4:30 AM BST on the 29th and 3:30 AM BST on the 30th are the trading day's first and last
  // hours; 4:30 AM BST on the 30th is the next day's.
  const card = await placedAt('2026-03-29T03:30:00Z', { status: 'accepted', payment: 'card' });
  await placedAt('2026-03-30T02:30:00Z', { status: 'completed', payment: 'cash' });
  await placedAt('2026-03-30T03:30:00Z', { status: 'completed', payment: 'cash' });
  await placedAt('2026-03-29T12:00:00Z', { status: 'rejected', payment: 'card' });
  await placedAt('2026-03-28T12:00:00Z', { status: 'completed', payment: 'cash' });
  await placedAt('2026-03-29T12:00:00Z', { status: 'completed', payment: 'cash' }, s.kiosk);
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${card.id}/refunds`,
    headers: s.manager.headers,
    payload: { amount: 1095, reason: 'Missing dish', lines: [{ index: 0, quantity: 1 }] },
  });
  expect(res.statusCode).toBe(201);
  await s.ctx.db
    .update(refunds)
    .set({ createdAt: new Date('2026-03-29T13:00:00Z') })
    .where(eq(refunds.orderId, card.id));
});

describe('GET /api/admin/reports/sales', () => {
  it('gives a store day: orders, gross, VAT by rate, refunds, net, cash, card, hours, dishes, the day before', async () => {
    const res = await get(`from=2026-03-29&to=2026-03-29&store_id=${s.main.storeId}`);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({
      from: '2026-03-29',
      to: '2026-03-29',
      time_zone: 'Europe/London',
      currency: 'GBP',
      orders: 2,
      gross: 4380,
      // The refund of half the card order takes its VAT back too (walk 2, finding 17).
      vat: [{ rate: 20, net: 2738, vat: 547 }],
      discounts: 0,
      delivery_fees: 0,
      refunds: 1095,
      net: 3285,
      cash: 2190,
      card: 1095,
      average: 2190,
      top_items: [{ name: 'Chicken tikka masala', quantity: 4, gross: 4380 }],
    });
    expect(r.by_hour).toHaveLength(24);
    expect(r.by_hour[4]).toEqual({ hour: 4, orders: 1, gross: 2190 });
    expect(r.by_hour[3]).toEqual({ hour: 3, orders: 1, gross: 2190 });
    expect(r.previous).toMatchObject({
      from: '2026-03-28',
      to: '2026-03-28',
      orders: 1,
      gross: 2190,
      refunds: 0,
    });
  });

  it('counts a service past midnight in the evening it started (the trading day, decision 80)', async () => {
    // Friday 4 December 2026 in London: Thursday's service ends at 00:10, Friday's runs to 00:15
    // on Saturday; a Z report printed at closing covers Friday's evening whole.
    await placedAt('2026-12-04T00:10:00Z', { status: 'completed', payment: 'cash' });
    await placedAt('2026-12-04T19:30:00Z', { status: 'completed', payment: 'cash' });
    await placedAt('2026-12-05T00:15:00Z', { status: 'completed', payment: 'cash' });
    const friday = (await get(`from=2026-12-04&to=2026-12-04&store_id=${s.main.storeId}`)).json()
      .data;
    expect(friday).toMatchObject({ orders: 2, gross: 4380, cash: 4380 });
    expect(friday.previous).toMatchObject({ from: '2026-12-03', orders: 1 });
    const saturday = await get(`from=2026-12-05&to=2026-12-05&store_id=${s.main.storeId}`);
    expect(saturday.json().data.orders).toBe(0);
  });

  it('adds every store the person works in when no store is named', async () => {
    expect((await get('from=2026-03-29&to=2026-03-29')).json().data.orders).toBe(2);
    expect((await get('from=2026-03-29&to=2026-03-29', s.owner)).json().data.orders).toBe(3);
  });

  it('answers CSV of the figures and of the orders behind them', async () => {
    const sheet = await get(`from=2026-03-29&to=2026-03-29&store_id=${s.main.storeId}&format=csv`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('text/csv');
    expect(sheet.body).toContain('Gross,43.80\n');
    expect(sheet.body).toContain('Cash,21.90\n');
    const rows = await get(
      `from=2026-03-29&to=2026-03-29&store_id=${s.main.storeId}&format=orders_csv`,
    );
    const lines = rows.body.trim().split('\n');
    expect(lines[0]).toBe(
      'number,placed,store,type,status,payment,subtotal,discount,delivery_fee,total,vat,refunded',
    );
    expect(lines).toHaveLength(3);
    expect(rows.body).toContain(',card,21.90,0.00,0.00,21.90,3.65,10.95');
  });

  it('keeps a dish or store name that looks like a formula as text in the CSV', async () => {
    const order = await placedAt('2026-02-10T12:00:00Z', { status: 'completed', payment: 'cash' });
    const [row] = await s.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    await s.ctx.db
      .update(orders)
      .set({
        storeName: '@SUM(1+1)*cmd',
        lines: row!.lines.map((line) => ({ ...line, name: '=HYPERLINK("http://x","y")' })),
      })
      .where(eq(orders.id, order.id));
    const range = `from=2026-02-10&to=2026-02-10&store_id=${s.main.storeId}`;
    const sheet = await get(`${range}&format=csv`);
    expect(sheet.body).toContain(`"'=HYPERLINK(""http://x"",""y"")",2,21.90\n`);
    const rows = await get(`${range}&format=orders_csv`);
    expect(rows.body).toContain(",'@SUM(1+1)*cmd,collection,completed,cash,");
  });

  it('refuses staff (403), a store of another (404) and a bad range (400)', async () => {
    expect((await get('from=2026-03-29&to=2026-03-29', s.cook)).statusCode).toBe(403);
    expect(
      (await get(`from=2026-03-29&to=2026-03-29&store_id=${s.kiosk.storeId}`)).statusCode,
    ).toBe(404);
    for (const query of [
      'from=2026-03-29&to=2026-03-28',
      'from=2025-01-01&to=2026-03-28',
      'from=29-03-2026&to=2026-03-29',
      'to=2026-03-29',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toBeTruthy();
    }
  });
});

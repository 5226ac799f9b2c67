import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { Order, OrderCreated } from '@servery/contract/order';
import { orders } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';

// A refunded order's VAT invoice (walk 2): the refunds are credits against it, each taking back
// VAT in the invoice's bands (decision 81), and the net after them is what stands.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
shop.config = { ...shop.config, vatNumber: 'GB999999973', companyName: 'Test Kitchens Ltd' };
shop.items = [
  ...(shop.items ?? []),
  {
    slug: 'chutney-jar',
    name: 'Jar of mango chutney',
    price: 300,
    allergens: { contains: ['mustard'], mayContain: [] },
    vatRate: 0,
  },
];
shop.menus![0]!.categories[0]!.items.push('chutney-jar');
const host = shop.hosts[0]!.host;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let manager: StaffAgent;

async function completedOrder() {
  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${token}` } });
  const stores = (await get('/api/store')).json().data as StoreSummary[];
  const storeId = stores.find((s) => s.slug === 'main')!.id;
  const menu = (await get(`/api/menu/${storeId}`)).json().data as StoreMenu;
  const dish = (name: string) =>
    menu.categories.flatMap((c) => c.items).find((i) => i.name === name)!.id;
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { host, authorization: `Bearer ${token}` },
    payload: {
      store_id: storeId,
      order_type: 'collection',
      when: 'asap',
      lines: [
        { item_id: dish('Garlic naan'), quantity: 2, modifiers: [] },
        { item_id: dish('Jar of mango chutney'), quantity: 1, modifiers: [] },
      ],
      payment_method: 'cash',
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const order = (answer.json().data as OrderCreated).order;
  // Collected and paid for at the counter: the cash was taken, so it may be refunded.
  await ctx.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
  return order;
}

const refund = (id: string, amount: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/refunds`,
    headers: manager.headers,
    payload: { amount, reason: 'Late' },
  });

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  token = (await signInCustomer(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main'] });
});
afterAll(() => ctx.close());

describe('the VAT invoice of a refunded order', () => {
  it('lists each refund with the VAT it takes back and the net after them, for the customer and the staff', async () => {
    const placed = await completedOrder();
    // Two naan £7.00 at 20% and the chutney jar £3.00 at 0%: £10.00, VAT £1.17.
    const before = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.id}`,
        headers: { host, authorization: `Bearer ${token}` },
      })
    ).json().data as Order;
    expect(before.vat_invoice).toMatchObject({ total: 1000, vat: 117 });
    expect(before.vat_invoice).not.toHaveProperty('refunds');

    expect((await refund(placed.id, 500)).statusCode).toBe(201);
    expect((await refund(placed.id, 100)).statusCode).toBe(201);

    const order = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${placed.id}`,
        headers: { host, authorization: `Bearer ${token}` },
      })
    ).json().data as Order;
    // £5.00 spread 70:30 over the bands: £3.50 at 20% (VAT 58p) and £1.50 at 0%; then £1.00 as
    // 70p (VAT 12p) and 30p.
    const refunds = [
      {
        at: expect.any(String),
        amount: 500,
        vat: 58,
        bands: [
          { rate: 20, gross: 350, vat: 58 },
          { rate: 0, gross: 150, vat: 0 },
        ],
      },
      {
        at: expect.any(String),
        amount: 100,
        vat: 12,
        bands: [
          { rate: 20, gross: 70, vat: 12 },
          { rate: 0, gross: 30, vat: 0 },
        ],
      },
    ];
    const net = {
      total: 400,
      vat: 47,
      bands: [
        { rate: 20, gross: 280, vat: 47 },
        { rate: 0, gross: 120, vat: 0 },
      ],
    };
    expect(order.vat_invoice).toMatchObject({ total: 1000, vat: 117, refunds, net });
    // The invoice as issued stays as it was: the refunds are credits against it.
    expect(order.vat_invoice!.bands).toEqual([
      { rate: 20, gross: 700, vat: 117 },
      { rate: 0, gross: 300, vat: 0 },
    ]);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${placed.id}`,
      headers: manager.headers,
    });
    expect(detail.json().data.vat_invoice).toEqual(order.vat_invoice);
  });
});

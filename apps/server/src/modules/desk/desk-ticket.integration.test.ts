import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenTicket } from '@servery/contract/desk';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { Order, OrderCreated } from '@servery/contract/order';
import { auditLog, outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Tuesday 17 November 2026, 12:00 in London: the main store is open.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
shop.config = { ...shop.config, vatNumber: 'GB999999973', companyName: 'Test Kitchens Ltd' };
// A zero-rated jar to take home beside the hot food at 20%.
shop.items = [
  ...(shop.items ?? []),
  {
    slug: 'chutney-jar',
    name: 'Jar of mango chutney',
    price: 300,
    allergens: { contains: ['mustard'], mayContain: ['sesame'] },
    vatRate: 0,
  },
];
shop.menus![0]!.categories[0]!.items.push('chutney-jar');
const noVatShop = makeCatalogueDocument();
const host = shop.hosts[0]!.host;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let storeId = '';
let cook: StaffAgent;
const dish: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object, h = host, as = token) =>
  ctx.app.inject({
    method,
    url,
    headers: { host: h, authorization: `Bearer ${as}` },
    ...(payload ? { payload } : {}),
  });
const print = (id: string, agent = cook, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/print${query}`,
    headers: agent.headers,
  });

async function placeOrder(h = host, as = token, store = storeId, dishes = dish) {
  const answer = await call(
    'POST',
    '/api/order',
    {
      store_id: store,
      order_type: 'collection',
      when: 'asap',
      lines: [
        {
          item_id: dishes['Chicken tikka masala'],
          quantity: 1,
          modifiers: [
            { group_id: 'spice', option_ids: ['hot'] },
            { group_id: 'extras', option_ids: ['cashew'] },
          ],
          note: 'Extra hot',
        },
        { item_id: dishes['Garlic naan'], quantity: 2, modifiers: [] },
        ...(dishes['Jar of mango chutney']
          ? [{ item_id: dishes['Jar of mango chutney'], quantity: 1, modifiers: [] }]
          : []),
      ],
      notes: 'Knock at the side door',
      payment_method: 'cash',
    },
    h,
    as,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as OrderCreated).order;
}

async function dishesOf(h: string, as: string) {
  const stores = (await call('GET', '/api/store', undefined, h, as)).json().data as StoreSummary[];
  const id = stores.find((s) => s.slug === 'main')!.id;
  const menu = (await call('GET', `/api/menu/${id}`, undefined, h, as)).json().data as StoreMenu;
  const names: Record<string, string> = {};
  for (const item of menu.categories.flatMap((c) => c.items)) names[item.name] = item.id;
  return { storeId: id, dishes: names };
}

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, noVatShop);
  token = (await signInCustomer(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  const found = await dishesOf(host, token);
  storeId = found.storeId;
  Object.assign(dish, found.dishes);
  cook = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
});
afterAll(() => ctx.close());

describe('allergens on the desk', () => {
  it('flags each line with what its dish and chosen options contain, as ordered', async () => {
    const order = await placeOrder();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: cook.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.json().data.lines as { name: string; allergens: unknown }[];
    expect(lines.map((l) => [l.name, l.allergens])).toEqual([
      // The curry may contain nuts; the cashew sauce chosen with it contains them.
      ['Chicken tikka masala', { contains: ['milk', 'nuts'], may_contain: [] }],
      ['Garlic naan', { contains: ['gluten', 'milk'], may_contain: [] }],
      ['Jar of mango chutney', { contains: ['mustard'], may_contain: ['sesame'] }],
    ]);
  });

  it('reads an order from before allergens were kept as unknown, not as none', async () => {
    const tenant = (await findTenantBySlug(ctx.db, shop.slug))!;
    const old = await insertTestOrder(ctx.db, { tenantId: tenant.id, storeId });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${old.id}`,
      headers: cook.headers,
    });
    expect(res.json().data.lines[0].allergens).toBeNull();
  });
});

describe('POST /api/admin/orders/{id}/print', () => {
  it('counts prints on the server: the first is the ticket, every later one a REPRINT', async () => {
    const order = await placeOrder();
    const first = await print(order.id);
    expect(first.statusCode).toBe(200);
    const ticket = first.json().data as KitchenTicket;
    expect(ticket).toMatchObject({
      reprint: false,
      print_count: 1,
      shop_name: shop.websiteName,
      order: {
        id: order.id,
        number: order.number,
        notes: 'Knock at the side door',
        payment: { method: 'cash', to_collect: order.total },
      },
    });
    expect(ticket.order.lines[0]).toMatchObject({
      note: 'Extra hot',
      modifier_names: ['Hot', 'Cashew sauce'],
    });
    // Another device of the same store prints it again.
    const manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main'] });
    const second = await print(order.id, manager);
    expect(second.json().data).toMatchObject({ reprint: true, print_count: 2 });
    expect(second.json().message).toBe(`Reprint of order #${order.number}.`);
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: cook.headers,
    });
    expect(desk.json().data).toMatchObject({ print_count: 2, status: 'placed' });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.printed')));
    expect(audit.map((a) => [a.actorEmail, a.after])).toEqual([
      [cook.email, { print_count: 1 }],
      [manager.email, { print_count: 2 }],
    ]);
  });

  it('auto-print’s claim: two desks printing on accept at once print one ticket, not two', async () => {
    const order = await placeOrder();
    const manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main'] });
    const auto = '?unless_printed=true';
    const answers = await Promise.all([
      print(order.id, cook, auto),
      print(order.id, manager, auto),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!.json();
    expect(lost).toMatchObject({
      status: 409,
      message: `Order #${order.number}'s ticket is already printed (by this or another device).`,
    });
    const won = answers.find((a) => a.statusCode === 200)!.json().data as KitchenTicket;
    expect(won).toMatchObject({ reprint: false, print_count: 1 });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.printed')));
    expect(audit).toHaveLength(1);
    // A person may still reprint by hand; the claim is for auto-print only.
    expect((await print(order.id)).json().data).toMatchObject({ reprint: true, print_count: 2 });
    expect((await print(order.id, cook, '?unless_printed=yes')).statusCode).toBe(400);
  });

  it('is not found for staff of another store, and counts nothing', async () => {
    const order = await placeOrder();
    const elsewhere = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: [] });
    expect((await print(order.id, elsewhere)).statusCode).toBe(404);
    expect((await print(order.id, elsewhere, '?unless_printed=true')).statusCode).toBe(404);
    expect((await print(order.id)).json().data).toMatchObject({ reprint: false, print_count: 1 });
  });
});

describe('the simplified VAT invoice', () => {
  it('is on the customer’s order page and in the confirmation e-mail, rate by rate', async () => {
    const placed = await placeOrder();
    const order = (await call('GET', `/api/orders/${placed.id}`)).json().data as Order;
    // Curry with cashew £11.95 and two naan £7.00 at 20%; the chutney jar £3.00 at 0%.
    expect(order.total).toBe(2195);
    expect(order.vat_invoice).toEqual({
      supplier_name: 'Test Kitchens Ltd',
      supplier_address: [
        shop.config.locationData.addressLine1,
        shop.config.locationData.addressLine2,
      ]
        .filter(Boolean)
        .join(', '),
      vat_number: 'GB999999973',
      time_of_supply: '2026-11-17T12:00:00.000Z',
      total: 2195,
      vat: 316,
      bands: [
        { rate: 20, gross: 1895, vat: 316 },
        { rate: 0, gross: 300, vat: 0 },
      ],
    });
    expect(order.vat).toBe(order.vat_invoice!.vat);
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(outboxMessages.recipient, 'ada@example.com'),
        ),
      );
    expect(mail!.textBody).toContain(
      [
        'VAT invoice',
        'Test Kitchens Ltd',
        order.vat_invoice!.supplier_address,
        'VAT number GB999999973',
        'Time of supply 17 November 2026 at 12:00 PM',
        'VAT at 20%: £3.16 in £18.95',
        'VAT at 0%: £0.00 in £3.00',
        'Total including VAT  £21.95',
      ].join('\n'),
    );
    expect(mail!.htmlBody).toContain('VAT number GB999999973');
  });

  it('is absent for a shop without a VAT number', async () => {
    const otherHost = noVatShop.hosts[0]!.host;
    const other = (await signInCustomer(ctx.app, ctx.db, otherHost, { email: 'bob@example.com' }))
      .token;
    const found = await dishesOf(otherHost, other);
    const placed = await placeOrder(otherHost, other, found.storeId, found.dishes);
    const order = (
      await call('GET', `/api/orders/${placed.id}`, undefined, otherHost, other)
    ).json().data as Order;
    expect(order.vat_invoice).toBeNull();
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'bob@example.com'));
    expect(mail!.textBody).not.toContain('VAT invoice');
  });
});

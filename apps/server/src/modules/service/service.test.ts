import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItemDetail, StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { auditLog, liveEvents, orders } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument, svgFor } from '../../../test/factories.ts';
import { signIn } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { exportTenant, importTenant } from '../tenants/tenants.service.ts';

// Issue 15: every service control through the API, on a clock the test sets.
let current = new Date('2026-11-17T12:00:00Z'); // Tuesday, open 11:00 to 22:00 in London
const setClock = (iso: string) => (current = new Date(iso));
const now = () => new Date(current);

const daily = { opens: '11:00', closes: '22:00' };
const base = makeCatalogueDocument();
const shop: TenantDocumentInput = {
  ...base,
  stores: base.stores.map((store, i) =>
    i === 0
      ? {
          ...store,
          openingHours: Object.fromEntries(
            ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
              (day) => [day, [daily]],
            ),
          ),
        }
      : store,
  ),
};
const host = shop.hosts[0]!.host;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let manager: StaffAgent;
let cook: StaffAgent;
let customer = '';
let tenantId = '';
let storeId = '';
const dish: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ now });
  await importTestTenant(ctx.db, shop);
  tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
  manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main', 'kiosk'] });
  cook = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
  customer = (await signIn(ctx.app, ctx.db, host, { email: 'diner@example.com' })).token;
  const stores = (await get('/api/store')).json().data as StoreSummary[];
  storeId = stores.find((s) => s.slug === 'main')!.id;
  const menu = (await get(`/api/menu/${storeId}`)).json().data as StoreMenu;
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;
});
afterAll(() => ctx.close());

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${customer}` } });
const admin = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  agent = manager,
) => ctx.app.inject({ method, url, headers: agent.headers, ...(payload ? { payload } : {}) });
const menuItem = async (name: string) =>
  ((await get(`/api/menu/${storeId}`)).json().data as StoreMenu).categories
    .flatMap((c) => c.items)
    .find((i) => i.name === name);
const order = (lines: object[], overrides: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { host, authorization: `Bearer ${customer}` },
    payload: {
      store_id: storeId,
      order_type: 'collection',
      when: 'asap',
      lines,
      payment_method: 'cash',
      ...overrides,
    },
  });
const naan = (quantity = 3) => ({ item_id: dish['Garlic naan']!, quantity, modifiers: [] });
const curry = (extras: string[] = []) => ({
  item_id: dish['Chicken tikka masala']!,
  quantity: 1,
  modifiers: [
    { group_id: 'spice', option_ids: ['hot'] },
    { group_id: 'extras', option_ids: extras },
  ],
});
const orderCount = async () =>
  (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.tenantId, tenantId)))[0]!.n;
const auditRows = (action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
const timings = async (type = 'collection') =>
  (await get(`/api/available-timings?store_id=${storeId}&order_type=${type}`)).json()
    .data as AvailableTimings;

describe('sold out', () => {
  it('"today" greys the dish, refuses an order naming the line, and ends at the next opening', async () => {
    setClock('2026-11-17T12:00:00Z');
    const res = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'today',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sold_out: 'today',
      sold_out_until: '2026-11-18T11:00:00.000Z',
    });
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
    const detail = (await get(`/api/menu/item/${dish['Garlic naan']}`)).json()
      .data as MenuItemDetail;
    expect(detail.sold_out).toBe(true);

    const before = await orderCount();
    const refused = await order([curry(), naan()]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Garlic naan is sold out.',
      errors: { 'lines.1': 'Garlic naan is sold out.' },
    });
    expect(await orderCount()).toBe(before);

    const [audit] = await auditRows('item.availability');
    expect(audit).toMatchObject({
      actorEmail: manager.email,
      entity: 'menu_item',
      entityId: dish['Garlic naan'],
      before: { sold_out: false },
      after: { sold_out: 'today' },
    });
    const events = await ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.tenantId, tenantId), eq(liveEvents.kind, 'availability.changed')));
    expect(events.map((e) => e.entityId)).toContain(dish['Garlic naan']);

    setClock('2026-11-18T10:59:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
    setClock('2026-11-18T11:00:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(false);
    expect((await order([curry(), naan()])).statusCode).toBe(200);
  });

  it('"today" comes back at the first opening after the March and October clock changes', async () => {
    for (const [markAt, opening] of [
      ['2026-03-28T20:00:00Z', '2026-03-29T10:00:00.000Z'], // Saturday GMT → Sunday 11:00 BST
      ['2026-10-24T19:00:00Z', '2026-10-25T11:00:00.000Z'], // Saturday BST → Sunday 11:00 GMT
    ] as const) {
      setClock(markAt);
      const res = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
        sold_out: 'today',
        store_id: storeId,
      });
      expect(res.json().data.sold_out_until).toBe(opening);
      setClock(new Date(new Date(opening).getTime() - 60_000).toISOString());
      expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
      setClock(opening);
      expect((await menuItem('Garlic naan'))!.sold_out).toBe(false);
    }
    setClock('2026-11-17T12:00:00Z');
  });

  it('"indefinitely" and back, for a dish and for an option across dishes', async () => {
    const off = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'indefinitely',
    });
    expect(off.json().data).toMatchObject({ sold_out: 'indefinitely', sold_out_until: null });
    setClock('2026-12-17T12:00:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
    setClock('2026-11-17T12:00:00Z');
    await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: false,
    });
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(false);

    const option = await admin('POST', '/api/admin/options/cashew/availability', {
      sold_out: 'indefinitely',
    });
    expect(option.statusCode).toBe(200);
    expect(option.json().data).toMatchObject({ id: 'cashew', sold_out: 'indefinitely', dishes: 1 });
    const detail = (await get(`/api/menu/item/${dish['Chicken tikka masala']}`)).json()
      .data as MenuItemDetail;
    const cashew = detail.modifier_groups.flatMap((g) => g.options).find((o) => o.id === 'cashew');
    expect(cashew!.sold_out).toBe(true);
    const refused = await order([curry(['cashew']), naan()]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['lines.0']);
    await admin('POST', '/api/admin/options/cashew/availability', { sold_out: false });
    expect((await order([curry(['cashew']), naan()])).statusCode).toBe(200);
    expect(await auditRows('option.availability')).toHaveLength(2);
  });

  it('answers 404 for a dish or option nobody sells, 400 for a bad choice', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await admin('POST', `/api/admin/items/${unknown}/availability`, { sold_out: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin('POST', '/api/admin/options/no-such/availability', { sold_out: false }))
        .statusCode,
    ).toBe(404);
    const bad = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sold_out');
  });
});

describe('hide a dish, change its price', () => {
  it('hides and shows, reprices, with an audit row each', async () => {
    const id = dish['Garlic naan']!;
    const hidden = await admin('PATCH', `/api/admin/items/${id}`, { hidden: true, price: 375 });
    expect(hidden.json().data).toMatchObject({ hidden: true, price: 375 });
    expect(await menuItem('Garlic naan')).toBeUndefined();
    expect((await get(`/api/menu/item/${id}`)).statusCode).toBe(404);
    await admin('PATCH', `/api/admin/items/${id}`, { hidden: false });
    expect((await menuItem('Garlic naan'))!.price).toBe(375);
    const rows = await auditRows('item.update');
    expect(rows.map((r) => r.after)).toEqual([
      { hidden: true, price: 375 },
      { hidden: false, price: 375 },
    ]);
    expect(rows[0]!.before).toEqual({ hidden: false, price: 350 });
    // Staff may mark dishes sold out, not edit them.
    expect((await admin('PATCH', `/api/admin/items/${id}`, { price: 1 }, cook)).statusCode).toBe(
      403,
    );
    expect((await admin('PATCH', `/api/admin/items/${id}`, {})).statusCode).toBe(400);
  });
});

describe('pause, busy', () => {
  it('pauses one order type with the shop message, and resumes by itself', async () => {
    const res = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      minutes: 30,
      message: 'Kitchen is swamped, back at half past',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pause).toEqual({
      order_types: ['collection'],
      until: '2026-11-17T12:30:00.000Z',
      message: 'Kitchen is swamped, back at half past',
    });
    const store = (await get(`/api/stores/${storeId}`)).json().data as StoreSummary;
    expect(store.pause?.message).toBe('Kitchen is swamped, back at half past');
    expect((await timings('collection')).paused).toEqual({
      message: 'Kitchen is swamped, back at half past',
      until: '2026-11-17T12:30:00.000Z',
    });
    expect((await timings('collection')).asap.available).toBe(false);
    expect((await timings('delivery')).paused).toBeNull();
    const refused = await order([naan()]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Kitchen is swamped, back at half past',
      errors: { order_type: 'Kitchen is swamped, back at half past' },
    });

    setClock('2026-11-17T12:30:00Z');
    expect((await timings('collection')).paused).toBeNull();
    expect((await order([naan()])).statusCode).toBe(200);
    setClock('2026-11-17T12:00:00Z');
  });

  it('resumes at once with DELETE, and takes `until` too', async () => {
    await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection', 'delivery'],
      until: '2026-11-17T15:00:00Z',
    });
    const paused = (await timings('delivery')).paused;
    expect(paused?.message).toBe(
      'We are not taking orders right now. Please try again a little later.',
    );
    const resumed = await admin('DELETE', `/api/admin/stores/${storeId}/pause`);
    expect(resumed.json().data.pause).toBeNull();
    expect((await timings('collection')).paused).toBeNull();
    const both = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      minutes: 5,
      until: '2026-11-17T15:00:00Z',
    });
    expect(both.statusCode).toBe(400);
    const past = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      until: '2026-11-17T11:00:00Z',
    });
    expect(past.json()).toMatchObject({ status: 400, errors: { until: expect.any(String) } });
    expect(await auditRows('store.pause')).toHaveLength(2);
    expect(await auditRows('store.resume')).toHaveLength(1);
  });

  it('busy mode moves ASAP and the first slot by the extra minutes', async () => {
    const calm = await timings();
    const res = await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 30 });
    expect(res.json().data.busy_extra_minutes).toBe(30);
    const busy = await timings();
    expect(busy.asap.minutes).toBe(calm.asap.minutes! + 30);
    const first = (t: AvailableTimings) => new Date(t.days[0]!.slots[0]!.at).getTime();
    expect(first(busy) - first(calm)).toBe(30 * 60_000);
    await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 0 });
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes);
    // Staff run the desk, not the service controls.
    const cookTry = await admin(
      'POST',
      `/api/admin/stores/${storeId}/busy`,
      { extra_minutes: 5 },
      cook,
    );
    expect(cookTry.statusCode).toBe(403);
  });
});

describe('opening hours and special days', () => {
  it('refuses overlapping ranges field by field', async () => {
    const res = await admin('PUT', `/api/admin/stores/${storeId}/hours`, {
      hours: {
        monday: [
          { opens: '11:00', closes: '15:00' },
          { opens: '14:30', closes: '22:00' },
        ],
        friday: [{ opens: '18:00', closes: '03:00' }],
        saturday: [{ opens: '02:00', closes: '10:00' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: {
        'hours.monday.1': 'Overlaps Monday 11:00–15:00',
        'hours.saturday.0': 'Overlaps Friday 18:00–03:00',
      },
    });
  });

  it('saves several ranges a day and ranges past midnight', async () => {
    const hours = {
      monday: [daily],
      tuesday: [
        { opens: '11:30', closes: '14:30' },
        { opens: '17:00', closes: '01:00' },
      ],
      wednesday: [daily],
      thursday: [daily],
      friday: [daily],
      saturday: [daily],
      sunday: [daily],
    };
    const res = await admin('PUT', `/api/admin/stores/${storeId}/hours`, { hours });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.hours.tuesday).toEqual(hours.tuesday);
    const store = (await get(`/api/stores/${storeId}`)).json().data as StoreSummary;
    expect(store.opening_hours[1]).toEqual({
      day: 'Tuesday',
      hours: '11:30 AM - 2:30 PM, 5:00 PM - 1:00 AM',
    });
    setClock('2026-11-17T15:00:00Z'); // between the two ranges
    expect(((await get(`/api/stores/${storeId}`)).json().data as StoreSummary).is_open_now).toBe(
      false,
    );
    setClock('2026-11-18T00:30:00Z'); // Tuesday's late range, past midnight
    expect(((await get(`/api/stores/${storeId}`)).json().data as StoreSummary).is_open_now).toBe(
      true,
    );
    setClock('2026-11-17T12:00:00Z');
  });

  it('a special closed day removes its slots and refuses orders; other hours apply', async () => {
    const res = await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [
        { date: '2026-11-17', closed: true },
        { date: '2026-11-19', closed: false, hours: [{ opens: '16:00', closes: '20:00' }] },
        { date: '2026-11-01', closed: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    // A day already past is dropped.
    expect(res.json().data.special_days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-17',
      '2026-11-19',
    ]);
    const t = await timings();
    expect(t.asap.available).toBe(false);
    expect(t.days.map((d) => d.date)).not.toContain('2026-11-17');
    const thursday = t.days.find((d) => d.date === '2026-11-19')!;
    expect(thursday.slots[0]!.label).toBe('4:30 PM');
    expect(thursday.slots.at(-1)!.label).toBe('8:00 PM');
    const refused = await order([naan()]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['when']);
    const scheduled = await order([naan()], { when: thursday.slots[0]!.at });
    expect(scheduled.statusCode).toBe(200);

    const dup = await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-25', closed: false, hours: [daily] },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toHaveProperty(['special_days.1.date']);
    await admin('PUT', `/api/admin/stores/${storeId}/special-days`, { special_days: [] });
    expect((await timings()).asap.available).toBe(true);
  });
});

describe('the shop switches', () => {
  it('closes the shop with its message, and opens bookings with settings', async () => {
    const res = await admin('PATCH', '/api/admin/shop', {
      IsShopClosed: 1,
      ShopClosedMessage: 'Closed for a private party tonight',
    });
    expect(res.statusCode).toBe(200);
    const config = await ctx.app.inject({
      method: 'GET',
      url: '/api/loadconfig',
      headers: { host },
    });
    expect(config.json().data).toMatchObject({
      IsShopClosed: 1,
      ShopClosedMessage: 'Closed for a private party tonight',
    });
    const refused = await order([naan()]);
    expect(refused.json()).toMatchObject({
      status: 422,
      message: 'Closed for a private party tonight',
    });
    await admin('PATCH', '/api/admin/shop', { IsShopClosed: 0 });

    const incomplete = await admin('PATCH', '/api/admin/shop', { booking: { stepMinutes: 30 } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toHaveProperty(['booking.coversPerSlot']);
    const booking = await admin('PATCH', '/api/admin/shop', {
      allowBooking: 1,
      booking: { coversPerSlot: 12, hours: { friday: [{ opens: '18:00', closes: '22:00' }] } },
    });
    expect(booking.json().data).toMatchObject({
      allowBooking: 1,
      booking: { coversPerSlot: 12, stepMinutes: 30 },
    });
    const slots = await ctx.app.inject({
      method: 'GET',
      url: '/api/reservation/timings?date=2026-11-20',
      headers: { host },
    });
    expect(slots.json().data.slots).toContain('06:00 PM');
    expect(await auditRows('shop.update')).toHaveLength(3);
    // Staff do not change shop settings.
    expect((await admin('PATCH', '/api/admin/shop', { IsShopClosed: 1 }, cook)).statusCode).toBe(
      403,
    );
  });
});

describe('the tenant document', () => {
  it('keeps every control, so export and import elsewhere give the same shop', async () => {
    await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'today',
    });
    await admin('POST', '/api/admin/options/hot/availability', { sold_out: 'indefinitely' });
    await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['delivery'],
      minutes: 45,
      message: 'No drivers',
    });
    await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 20 });
    await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [{ date: '2026-12-25', closed: true }],
    });
    const exported = (await exportTenant(ctx.db, shop.slug))!;
    const main = exported.document.stores.find((s) => s.slug === 'main')!;
    expect(main).toMatchObject({
      busyExtraMinutes: 20,
      pause: { orderTypes: ['delivery'], message: 'No drivers' },
      specialDays: [{ date: '2026-12-25', closed: true, hours: [] }],
    });
    expect(exported.document.items.find((i) => i.slug === 'garlic-naan')).toMatchObject({
      price: 375,
      soldOutUntil: '2026-11-18T11:00:00.000Z',
    });

    const elsewhere = await createTestApp({ now });
    try {
      const assets = new Map(exported.assets.map((a) => [a.name, a.bytes]));
      await importTenant(
        elsewhere.db,
        exported.document,
        async (name) => assets.get(name) ?? svgFor(shop.slug, name),
      );
      const again = (await exportTenant(elsewhere.db, shop.slug))!;
      expect(again.document).toEqual(exported.document);
      const read = async (app: typeof ctx.app, url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { host } });
        return res.json().data;
      };
      const otherStore = ((await read(elsewhere.app, '/api/store')) as StoreSummary[]).find(
        (s) => s.slug === 'main',
      )!;
      const here = (await read(ctx.app, `/api/stores/${storeId}`)) as StoreSummary;
      expect({ ...otherStore, id: '', menu_id: '' }).toEqual({ ...here, id: '', menu_id: '' });
      const names = (menu: StoreMenu) =>
        menu.categories.flatMap((c) => c.items.map((i) => [i.name, i.sold_out, i.price]));
      expect(names(await read(elsewhere.app, `/api/menu/${otherStore.id}`))).toEqual(
        names(await read(ctx.app, `/api/menu/${storeId}`)),
      );
    } finally {
      await elsewhere.close();
    }
  });
});

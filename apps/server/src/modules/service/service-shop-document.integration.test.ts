import { describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import { svgFor } from '../../../test/factories.ts';
import { exportTenant } from '../tenant-document/tenant-export.ts';
import { importTenant } from '../tenant-document/tenant-import.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 15: every service control through the API, on a clock the test sets; each test has a
// shop of its own (openServiceShop).
const service = useServiceApp();

describe('the shop switches', () => {
  it('closes the shop with its message, and opens bookings with settings', async () => {
    const { host, cook, admin, order, naan, auditRows } = await openServiceShop(service.ctx);
    const res = await admin('PATCH', '/api/admin/shop', {
      IsShopClosed: 1,
      ShopClosedMessage: 'Closed for a private party tonight',
    });
    expect(res.statusCode).toBe(200);
    const config = await service.ctx.app.inject({
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
    const slots = await service.ctx.app.inject({
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
    const { shop, host, storeId, dish, admin, manager } = await openServiceShop(service.ctx);
    await service.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/items/${dish['Garlic naan']}`,
      headers: { ...manager.headers, 'if-match': '"1"' },
      payload: { price: 375 },
    });
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
    const exported = (await exportTenant(service.ctx.db, shop.slug))!;
    const main = exported.document.stores.find((s) => s.slug === 'main')!;
    expect(main).toMatchObject({
      busyExtraMinutes: 20,
      busyUntil: '2026-11-17T22:00:00.000Z',
      pause: { orderTypes: ['delivery'], message: 'No drivers' },
      specialDays: [{ date: '2026-12-25', closed: true, hours: [] }],
    });
    // Sold out "today" is the store's own switch since issue 28.
    expect(exported.document.items.find((i) => i.slug === 'garlic-naan')).toMatchObject({
      price: 375,
      stores: [{ store: 'main', soldOutUntil: '2026-11-18T11:00:00.000Z' }],
    });

    const elsewhere = await createTestApp({ now: service.now });
    try {
      const assets = new Map(exported.assets.map((a) => [a.name, a.bytes]));
      await importTenant(
        elsewhere.db,
        exported.document,
        async (name) => assets.get(name) ?? svgFor(shop.slug, name),
      );
      const again = (await exportTenant(elsewhere.db, shop.slug))!;
      expect(again.document).toEqual(exported.document);
      const read = async (app: typeof service.ctx.app, url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { host } });
        return res.json().data;
      };
      const otherStore = ((await read(elsewhere.app, '/api/store')) as StoreSummary[]).find(
        (s) => s.slug === 'main',
      )!;
      const here = (await read(service.ctx.app, `/api/stores/${storeId}`)) as StoreSummary;
      expect({ ...otherStore, id: '', menu_id: '' }).toEqual({ ...here, id: '', menu_id: '' });
      const names = (menu: StoreMenu) =>
        menu.categories.flatMap((c) => c.items.map((i) => [i.name, i.sold_out, i.price]));
      expect(names(await read(elsewhere.app, `/api/menu/${otherStore.id}`))).toEqual(
        names(await read(service.ctx.app, `/api/menu/${storeId}`)),
      );
    } finally {
      await elsewhere.close();
    }
  });
});

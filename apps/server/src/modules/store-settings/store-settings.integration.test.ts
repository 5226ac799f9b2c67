import { describe, expect, it } from 'vitest';
import type { StoreAutomation, StoreZones, ZonePreview } from '@servery/contract/shop-editor';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { staffAgent } from '../../../test/staff.ts';

// Issue 28, point 6 and the automation call of point 7: a store's delivery zones with the
// preview, and its settings, on the service clock; each test has a shop of its own.
const service = useServiceApp();

describe('delivery zones', () => {
  it('saves districts and sectors, and the preview and the storefront follow', async () => {
    const shop = await openServiceShop(service.ctx);
    const url = `/api/admin/stores/${shop.storeId}/zones`;
    const read = await shop.admin('GET', url);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json().data).toMatchObject({
      delivers: true,
      zones: [{ area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null }],
      version: 1,
    });
    const saved = await shop.admin('PUT', url, {
      zones: [
        { area: 'e1', fee: 250, minimum_order: 1500, travel_minutes: null },
        { area: 'E1 6', fee: 99, minimum_order: 1000, travel_minutes: 10 },
      ],
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json().data as StoreZones).version).toBe(2);

    const preview = async (postcode: string) =>
      (await shop.admin('GET', `${url}/preview?postcode=${encodeURIComponent(postcode)}`)).json();
    expect((await preview('e1 6rl')).data as ZonePreview).toEqual({
      postcode: 'E1 6RL',
      delivers: true,
      area: 'E1 6',
      fee: 99,
      minimum_order: 1000,
      travel_minutes: 10,
    });
    expect((await preview('E1 7AA')).data).toMatchObject({
      area: 'E1',
      fee: 250,
      travel_minutes: 20,
    });
    const far = await preview('N16 0AA');
    expect(far).toMatchObject({ message: 'N16 0AA does not get delivery from this store.' });
    expect(far.data.delivers).toBe(false);
    expect((await shop.admin('GET', `${url}/preview?postcode=nowhere`)).statusCode).toBe(400);

    const check = await shop.get(`/api/stores/${shop.storeId}/delivery?postcode=E1%206RL`);
    expect(check.json().data).toMatchObject({ delivers: true, fee: 99, minimum_order: 1000 });
    const [audit] = await shop.auditRows('store.zones');
    expect(audit!.before).toMatchObject({ version: 1, zones: [{ area: 'E1' }] });
    expect(audit!.after).toMatchObject({ version: 2 });
  });

  it('refuses a stale save, a doubled area and an empty list for a store that delivers', async () => {
    const shop = await openServiceShop(service.ctx);
    const url = `/api/admin/stores/${shop.storeId}/zones`;
    const zone = { area: 'E2', fee: 300, minimum_order: 1500, travel_minutes: 25 };
    expect((await shop.admin('PUT', url, { zones: [zone], version: 1 })).statusCode).toBe(200);
    const stale = await shop.admin('PUT', url, { zones: [{ ...zone, fee: 1 }], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ version: 2, zones: [{ area: 'E2', fee: 300 }] });
    const twice = await shop.admin('PUT', url, { zones: [zone, zone], version: 2 });
    expect(twice.json()).toMatchObject({ status: 400, errors: { 'zones.1.area': 'Listed twice' } });
    const none = await shop.admin('PUT', url, { zones: [], version: 2 });
    expect(none.json()).toMatchObject({
      status: 400,
      errors: { zones: 'A store that delivers needs at least one zone' },
    });
    expect(((await shop.admin('GET', url)).json().data as StoreZones).zones).toEqual([zone]);
  });
});

describe('capacity and automation settings', () => {
  it('saves with If-Match, answers stale saves with the current values, and is store-scoped', async () => {
    const shop = await openServiceShop(service.ctx);
    const url = `/api/admin/stores/${shop.storeId}/automation`;
    const read = (await shop.admin('GET', url)).json().data as StoreAutomation;
    expect(read).toMatchObject({
      slot_cap: null,
      slot_cap_unit: 'orders',
      auto_accept_minutes: null,
      auto_print: false,
      version: 1,
    });
    const saved = await service.ctx.app.inject({
      method: 'PATCH',
      url,
      headers: { ...shop.manager.headers, 'if-match': 'W/"1"' },
      payload: { slot_cap: 12, slot_cap_unit: 'dishes', auto_print: true },
    });
    expect(saved.json().data).toMatchObject({
      slot_cap: 12,
      slot_cap_unit: 'dishes',
      auto_print: true,
      version: 2,
    });
    const stale = await shop.admin('PATCH', url, { auto_accept_minutes: 20, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ slot_cap: 12, auto_accept_minutes: null });
    const bad = await shop.admin('PATCH', url, { slot_cap: 0, version: 2 });
    expect(bad.json()).toMatchObject({
      status: 400,
      errors: { slot_cap: 'At least 1, or no cap' },
    });
    const [audit] = await shop.auditRows('store.automation');
    expect(audit).toMatchObject({
      before: { slot_cap: null, auto_print: false },
      after: { slot_cap: 12, auto_print: true },
    });

    // The desk of any role reads which of its stores print on accept.
    const printing = await shop.admin('GET', '/api/admin/auto-print', undefined, shop.cook);
    expect(printing.json().data).toEqual({ store_ids: [shop.storeId] });

    const kioskOnly = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'manager', {
      stores: ['kiosk'],
    });
    const elsewhere = await shop.admin('PATCH', url, { slot_cap: 1, version: 2 }, kioskOnly);
    expect(elsewhere.statusCode).toBe(404);
    expect(((await shop.admin('GET', url)).json().data as StoreAutomation).slot_cap).toBe(12);
  });
});

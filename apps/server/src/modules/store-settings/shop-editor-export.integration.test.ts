import { describe, expect, it } from 'vitest';
import { ZTenantDocument } from '@servery/contract/tenant-document';
import { importTestTenant } from '../../../test/factories.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { exportTenant } from '../tenant-document/tenant-export.ts';
import { removeTenant } from '../tenants/tenants.repository.ts';

// Issue 28, point 9 (promos, zones, automation): what the staff app edits is in the tenant
// document, and importing that document on a database without the shop gives the same shop.
const service = useServiceApp();

describe('the tenant document of an edited shop', () => {
  it('carries promos, zones and automation through export and import', async () => {
    const shop = await openServiceShop(service.ctx);
    const { db } = service.ctx;
    const created = await shop.admin('POST', '/api/admin/promos', {
      code: 'MAINFIRST',
      description: '10% off a first order at the main store',
      kind: 'percent',
      value: 10,
      minimum_order: 1200,
      starts_at: '2026-11-01T00:00:00Z',
      ends_at: '2026-12-31T23:59:00Z',
      total_limit: 100,
      per_customer_limit: 1,
      store_ids: [shop.storeId],
      first_order_only: true,
      public: false,
    });
    expect(created.statusCode).toBe(201);
    const zones = await shop.admin('PUT', `/api/admin/stores/${shop.storeId}/zones`, {
      zones: [
        { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null },
        { area: 'E1 6', fee: 99, minimum_order: 1000, travel_minutes: 12 },
      ],
      version: 1,
    });
    expect(zones.statusCode).toBe(200);
    const automation = await shop.admin('PATCH', `/api/admin/stores/${shop.storeId}/automation`, {
      slot_cap: 6,
      slot_cap_unit: 'dishes',
      auto_accept_minutes: 20,
      auto_print: true,
      version: 1,
    });
    expect(automation.statusCode).toBe(200);

    const first = (await exportTenant(db, shop.shop.slug))!.document;
    expect(first.promos).toEqual([
      expect.objectContaining({ code: 'MAINFIRST', stores: ['main'], firstOrderOnly: true }),
    ]);
    expect(first.stores[0]).toMatchObject({
      slug: 'main',
      deliveryZones: [
        { district: 'E1', fee: 250, minimumOrder: 1500 },
        { district: 'E1 6', fee: 99, minimumOrder: 1000, travelMinutes: 12 },
      ],
      slotCap: 6,
      slotCapUnit: 'dishes',
      autoAcceptMinutes: 20,
      autoPrint: true,
    });
    // The kiosk store never used them: its part of the document is as before.
    expect(Object.keys(first.stores[1]!)).not.toContain('slotCap');
    expect(ZTenantDocument.parse(first)).toEqual(first);

    await db.transaction((tx) => removeTenant(tx, shop.tenantId));
    expect(await exportTenant(db, shop.shop.slug)).toBeNull();
    await importTestTenant(db, first);
    expect((await exportTenant(db, shop.shop.slug))!.document).toEqual(first);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@servery/contract/staff';
import { menuCategories, menuItems, staffMembers } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import {
  importTestTenant,
  makeCatalogueDocument,
  makeTenantDocument,
} from '../../../test/factories.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { recordAudit, type AuditActor, type AuditChange } from './audit.repository.ts';

// The audit log names things as staff know them (an order's number, a dish's name, a promo's
// code), resolved on the server for the page, not by the screen one id at a time.
const s = useBackOfficeShop();

const actor = (tenantId = s.tenantId): AuditActor => ({
  tenantId,
  actorId: null,
  actorEmail: 'cli',
  actorRole: 'cli',
  requestId: null,
  ip: null,
});
const record = (change: AuditChange, tenantId = s.tenantId) =>
  recordAudit(s.ctx.db, actor(tenantId), change);
async function listed(query = '', owner: StaffAgent = s.owner) {
  const res = await s.ctx.app.inject({
    method: 'GET',
    url: `/api/admin/audit?limit=200${query}`,
    headers: owner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as AuditEntry[];
}
const labelOf = (rows: AuditEntry[], entityId: string) =>
  rows.filter((r) => r.entity_id === entityId).map((r) => r.label);

describe('GET /api/admin/audit labels', () => {
  it('names an order by its number, a dish, category, store and person by name, an option too', async () => {
    const order = await s.stripeOrder();
    const refunded = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: s.manager.headers,
      payload: { amount: 100, reason: 'Cold' },
    });
    expect(refunded.statusCode).toBe(201);
    // A shop with a menu (the back office's shop has none), its owner and its manager.
    const menuDoc = makeCatalogueDocument();
    await importTestTenant(s.ctx.db, menuDoc);
    const tenantId = (await findTenantBySlug(s.ctx.db, menuDoc.slug))!.id;
    const owner = await staffAgent(s.ctx.app, s.ctx.db, menuDoc, 'owner');
    const chef = await staffAgent(s.ctx.app, s.ctx.db, menuDoc, 'manager', { name: 'Ravi Chef' });
    const [item] = await s.ctx.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.name, 'Chicken tikka masala')));
    const [category] = await s.ctx.db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.tenantId, tenantId));
    const [manager] = await s.ctx.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, chef.email));
    const [store] = await storesOfTenant(s.ctx.db, tenantId);
    const there = (change: AuditChange) => record(change, tenantId);
    await there({ action: 'item.update', entity: 'menu_item', entityId: item!.id });
    await there({ action: 'category.update', entity: 'menu_category', entityId: category!.id });
    await there({ action: 'store.hours', entity: 'store', entityId: store!.id });
    await there({ action: 'staff.updated', entity: 'staff', entityId: manager!.id });
    await there({ action: 'option.availability', entity: 'menu_option', entityId: 'paneer' });
    await there({
      action: 'push_subscription.saved',
      entity: 'push_subscription',
      entityId: randomUUID(),
      after: { staff_id: manager!.id },
    });

    const number = (await listed()).find(
      (r) => r.action === 'order.refunded' && r.entity_id === order.id,
    );
    expect(number).toMatchObject({ label: expect.stringMatching(/^#\d+$/), entity: 'order' });
    const rows = await listed('', owner);
    expect(labelOf(rows, item!.id)).toEqual(['Chicken tikka masala']);
    expect(labelOf(rows, category!.id)).toEqual([category!.name]);
    expect(labelOf(rows, store!.id)).toEqual([store!.name]);
    expect(labelOf(rows, manager!.id)).toContain('Ravi Chef');
    expect(labelOf(rows, 'paneer')).toEqual(['Paneer']);
    expect(rows.find((r) => r.entity === 'push_subscription')!.label).toBe('Ravi Chef’s device');
  });
  it('keeps a deleted thing’s last known name from its audit row, and a bare id stays unnamed', async () => {
    const gone = randomUUID();
    const promo = randomUUID();
    await record({
      action: 'category.removed',
      entity: 'menu_category',
      entityId: gone,
      before: { name: 'Old specials' },
    });
    await record({
      action: 'promo.end',
      entity: 'promo',
      entityId: promo,
      before: { code: 'GONE5' },
      after: { code: 'GONE5', state: 'ended' },
    });
    const unknown = randomUUID();
    await record({ action: 'item.update', entity: 'menu_item', entityId: unknown });
    const rows = await listed();
    expect(labelOf(rows, gone)).toEqual(['Old specials']);
    expect(labelOf(rows, promo)).toEqual(['GONE5']);
    expect(labelOf(rows, unknown)).toEqual([null]);
    // The fields the screen read before are all still there.
    expect(rows.find((r) => r.entity_id === promo)).toMatchObject({
      entity: 'promo',
      action: 'promo.end',
      before: { code: 'GONE5' },
    });
  });

  it('names a close-out and a booking by a UK date and the times staff screens print', async () => {
    const [lunch, wholeDay] = [randomUUID(), randomUUID()];
    await record({
      action: 'closeout.created',
      entity: 'closeout',
      entityId: lunch,
      after: { date: '2026-12-24', from: '12:00', until: '15:00', reason: 'Private party' },
    });
    await record({
      action: 'closeout.removed',
      entity: 'closeout',
      entityId: wholeDay,
      before: { date: '2026-12-31', from: '00:00', until: '24:00', reason: null },
    });
    const booking = await insertTestBooking(s.ctx.db, s.tenantId, {
      date: '2026-12-24',
      time: '07:30 PM',
    });
    await record({
      action: 'booking.created',
      entity: 'booking',
      entityId: booking.id,
      after: { date: '2026-12-24', time: '07:30 PM', covers: 2 },
    });
    const rows = await listed();
    expect(labelOf(rows, lunch)).toEqual(['24 Dec 2026, 12:00 PM – 3:00 PM']);
    expect(labelOf(rows, wholeDay)).toEqual(['31 Dec 2026, the whole day']);
    expect(labelOf(rows, booking.id)).toEqual(['Priya Shah, 24 Dec 2026, 7:30 PM']);
  });

  it('never names another shop’s order, even when an audit row carries its id', async () => {
    const other = await importTestTenant(s.ctx.db, makeTenantDocument());
    const tenant = (await findTenantBySlug(s.ctx.db, other.slug))!;
    const [store] = await storesOfTenant(s.ctx.db, tenant.id);
    const theirs = await insertTestOrder(s.ctx.db, { tenantId: tenant.id, storeId: store!.id });
    await record({ action: 'order.printed', entity: 'order', entityId: theirs.id });
    expect(labelOf(await listed('&entity=order'), theirs.id)).toEqual([null]);
  });

  // The log reads these rows' lists entry by entry (apps/web/src/admin/audit/audit-lists.ts):
  // the week and the special days whole, the zones under `zones`, each in these fields.
  it('keeps a store’s hours, special days and zones whole, in the shapes the log reads', async () => {
    const store = `/api/admin/stores/${s.main.storeId}`;
    const send = async (method: 'PUT', url: string, payload: object) => {
      const res = await s.ctx.app.inject({ method, url, headers: s.owner.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    const week = { monday: [{ opens: '12:00', closes: '14:30' }], sunday: [] };
    await send('PUT', `${store}/hours`, { hours: week });
    const day = { date: '2099-12-25', closed: true, hours: [] };
    await send('PUT', `${store}/special-days`, { special_days: [day] });
    const zone = { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null };
    const read = await s.ctx.app.inject({ url: `${store}/zones`, headers: s.owner.headers });
    await send('PUT', `${store}/zones`, { zones: [zone], version: read.json().data.version });

    const rows = await listed('&entity=store');
    const row = (action: string) => rows.find((r) => r.action === action)!;
    expect(row('store.hours').after).toEqual(week);
    expect(row('store.hours').before).toBeTypeOf('object');
    expect(row('store.special_days')).toMatchObject({ before: [], after: [day] });
    expect(row('store.zones').after).toMatchObject({ zones: [zone] });
  });
});

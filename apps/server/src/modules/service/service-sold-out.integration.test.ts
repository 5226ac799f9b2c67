import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { MenuItemDetail } from '@servery/contract/menu';
import { liveEvents } from '../../db/schema.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Issue 15: every service control through the API, on a clock the test sets; each test has a
// shop of its own (openServiceShop).
const service = useServiceApp();

describe('sold out', () => {
  it('"today" greys the dish, refuses an order naming the line, and ends at the next opening', async () => {
    const {
      tenantId,
      dish,
      manager,
      get,
      admin,
      menuItem,
      order,
      naan,
      curry,
      orderCount,
      auditRows,
    } = await openServiceShop(service.ctx);
    service.setClock('2026-11-17T12:00:00Z');
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
    // A double tap on "Out today" changes nothing more, and writes no second, empty entry
    // (walk 2, finding 24).
    const again = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'today',
    });
    expect(again.statusCode).toBe(200);
    expect(await auditRows('item.availability')).toHaveLength(1);
    const events = await service.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.tenantId, tenantId), eq(liveEvents.kind, 'availability.changed')));
    expect(events.map((e) => e.entityId)).toContain(dish['Garlic naan']);

    service.setClock('2026-11-18T10:59:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
    service.setClock('2026-11-18T11:00:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(false);
    expect((await order([curry(), naan()])).statusCode).toBe(200);
  });

  it('"today" comes back at the first opening after the March and October clock changes', async () => {
    const { storeId, dish, admin, menuItem } = await openServiceShop(service.ctx);
    for (const [markAt, opening] of [
      ['2026-03-28T20:00:00Z', '2026-03-29T10:00:00.000Z'], // Saturday GMT → Sunday 11:00 BST
      ['2026-10-24T19:00:00Z', '2026-10-25T11:00:00.000Z'], // Saturday BST → Sunday 11:00 GMT
    ] as const) {
      service.setClock(markAt);
      const res = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
        sold_out: 'today',
        store_id: storeId,
      });
      expect(res.json().data.sold_out_until).toBe(opening);
      service.setClock(new Date(new Date(opening).getTime() - 60_000).toISOString());
      expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
      service.setClock(opening);
      expect((await menuItem('Garlic naan'))!.sold_out).toBe(false);
    }
    service.setClock('2026-11-17T12:00:00Z');
  });

  it('"indefinitely" and back, for a dish and for an option across dishes', async () => {
    const { dish, get, admin, menuItem, order, naan, curry, auditRows } = await openServiceShop(
      service.ctx,
    );
    const off = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'indefinitely',
    });
    expect(off.json().data).toMatchObject({ sold_out: 'indefinitely', sold_out_until: null });
    service.setClock('2026-12-17T12:00:00Z');
    expect((await menuItem('Garlic naan'))!.sold_out).toBe(true);
    service.setClock('2026-11-17T12:00:00Z');
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
    const { dish, admin } = await openServiceShop(service.ctx);
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

describe('hide a dish at a store', () => {
  it('hides and shows at the store, with an audit row each; staff may hide too', async () => {
    const { dish, cook, get, admin, menuItem, auditRows, storeId } = await openServiceShop(
      service.ctx,
    );
    const id = dish['Garlic naan']!;
    const url = `/api/admin/items/${id}/availability`;
    const hidden = await admin('POST', url, { store_id: storeId, hidden: true });
    expect(hidden.json().data).toMatchObject({ hidden: true, price: 350 });
    expect(await menuItem('Garlic naan')).toBeUndefined();
    expect((await get(`/api/menu/item/${id}?store_id=${storeId}`)).statusCode).toBe(404);
    await admin('POST', url, { store_id: storeId, hidden: false }, cook);
    expect((await menuItem('Garlic naan'))!.price).toBe(350);
    const rows = await auditRows('item.availability');
    expect(rows.map((r) => r.after)).toMatchObject([
      { name: 'Garlic naan', stores: 'Main Store', hidden: true },
      { name: 'Garlic naan', stores: 'Main Store', hidden: false },
    ]);
    expect((await admin('POST', url, {})).statusCode).toBe(400);
  });
});

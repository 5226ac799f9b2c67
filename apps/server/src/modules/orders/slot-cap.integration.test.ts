import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Issue 28, point 7: an order cap per 15-minute slot. Full slots are not offered, an order for
// one is a 409, and concurrent orders for the last place cannot both have it. Service clock:
// Tuesday 17 November 2026, noon in London.
const service = useServiceApp();

async function cappedShop(cap: number, unit: 'orders' | 'dishes' = 'orders') {
  const shop = await openServiceShop(service.ctx);
  const set = await shop.admin('PATCH', `/api/admin/stores/${shop.storeId}/automation`, {
    slot_cap: cap,
    slot_cap_unit: unit,
    version: 1,
  });
  expect(set.statusCode).toBe(200);
  const offered = async () => (await shop.timings()).days.flatMap((d) => d.slots.map((s) => s.at));
  const ordersAt = async (at: string) =>
    service.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.tenantId, shop.tenantId), eq(orders.scheduledFor, new Date(at))));
  return { ...shop, offered, ordersAt };
}

describe('the slot cap', () => {
  it('stops offering a full slot and refuses an order for it with a clear message', async () => {
    const shop = await cappedShop(1);
    const [first, second] = await shop.offered();
    expect((await shop.order([shop.naan(2)], { when: first })).statusCode).toBe(200);
    const slots = await shop.offered();
    expect(slots).not.toContain(first);
    expect(slots[0]).toBe(second);

    const refused = await shop.order([shop.naan(2)], { when: first });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      message: 'That time has just filled up. Please choose another time.',
      errors: { when: 'That time has just filled up. Please choose another time.' },
    });
    expect(await shop.ordersAt(first!)).toHaveLength(1);
  });

  it('gives the last place to exactly one of two orders sent at once', async () => {
    const shop = await cappedShop(2);
    const [slot] = await shop.offered();
    expect((await shop.order([shop.naan(2)], { when: slot })).statusCode).toBe(200);
    const raced = await Promise.all([
      shop.order([shop.naan(2)], { when: slot }),
      shop.order([shop.curry()], { when: slot }),
      shop.order([shop.naan(3)], { when: slot }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await shop.ordersAt(slot!)).toHaveLength(2);
    expect(await shop.offered()).not.toContain(slot);
  });

  it('counts dishes when the cap is in dishes', async () => {
    const shop = await cappedShop(5, 'dishes');
    const [slot, next] = await shop.offered();
    expect((await shop.order([shop.naan(3)], { when: slot })).statusCode).toBe(200);
    expect(await shop.offered()).toContain(slot);
    expect((await shop.order([shop.naan(3)], { when: slot })).statusCode).toBe(409);
    expect((await shop.order([shop.naan(2)], { when: slot })).statusCode).toBe(200);
    expect(await shop.offered()).not.toContain(slot);
    const tooBig = await shop.order([shop.naan(6)], { when: next });
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toMatch(/more dishes than the kitchen takes in a quarter/);
  });

  it('takes ASAP orders into the quarter hour they are due in', async () => {
    const shop = await cappedShop(1);
    expect((await shop.timings()).asap).toMatchObject({ available: true });
    expect((await shop.timings()).asap.full).toBeUndefined();
    expect((await shop.order([shop.naan(2)])).statusCode).toBe(200);
    // Not offered, and why: the kitchen is full (not closed, not closing): checkout says so.
    expect((await shop.timings()).asap).toMatchObject({ available: false, full: true });
    const refused = await shop.order([shop.naan(2)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The kitchen is full for the next quarter of an hour. Please choose a later time.',
    );
  });

  it('frees the place of a rejected order', async () => {
    const shop = await cappedShop(1);
    const [slot] = await shop.offered();
    const placed = await shop.order([shop.naan(2)], { when: slot });
    const id = placed.json().data.order.id as string;
    const rejected = await shop.admin('POST', `/api/admin/orders/${id}/status`, {
      status: 'rejected',
      reason: 'too_busy',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await shop.offered()).toContain(slot);
    expect((await shop.order([shop.naan(2)], { when: slot })).statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders } from '../../db/schema.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { until } from '../../../test/until.ts';
import { NUDGE_GATHER_MS, SYSTEM_ACTOR_EMAIL } from './auto-accept.ts';

// Issue 28, point 7: auto-accept. A paid order of a store that accepts automatically is
// accepted by the system, through the desk's move, with the store's minutes. Service clock:
// Tuesday 17 November 2026, noon in London.
const service = useServiceApp();

const card = { card_number: '4242424242424242', expiry: '12/30', cvc: '123' };

async function autoShop(minutes: number | null) {
  const shop = await openServiceShop(service.ctx);
  const set = await shop.admin('PATCH', `/api/admin/stores/${shop.storeId}/automation`, {
    auto_accept_minutes: minutes,
    version: 1,
  });
  expect(set.statusCode).toBe(200);
  const orderRow = async (id: string) =>
    (
      await service.ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, shop.tenantId), eq(orders.id, id)))
    )[0]!;
  return { ...shop, orderRow };
}

describe('auto-accept', () => {
  it('accepts a new cash order with the default minutes, audited as the system', async () => {
    const shop = await autoShop(25);
    const placed = await shop.order([shop.naan(2)]);
    const id = placed.json().data.order.id as string;
    const accepted = await until(async () => {
      const row = await shop.orderRow(id);
      return row.status === 'accepted' ? row : undefined;
    }, 'the order accepted');
    expect(accepted.promisedAt?.toISOString()).toBe('2026-11-17T12:25:00.000Z');
    expect(accepted.statusHistory.at(-1)).toMatchObject({
      status: 'accepted',
      by: SYSTEM_ACTOR_EMAIL,
    });
    const [audit] = await service.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, shop.tenantId), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({
      action: 'order.accepted',
      actorRole: 'system',
      actorEmail: SYSTEM_ACTOR_EMAIL,
      before: { status: 'placed' },
      after: { status: 'accepted' },
    });
    const desk = await shop.admin('GET', `/api/admin/orders/${id}`);
    expect(desk.json().data).toMatchObject({ status: 'accepted' });
  });

  it('waits for a card payment, then accepts it', async () => {
    const shop = await autoShop(15);
    const placed = await shop.order([shop.naan(2)], { payment_method: 'card' });
    const id = placed.json().data.order.id as string;
    await service.ctx.app.autoAccept.sweep();
    expect((await shop.orderRow(id)).status).toBe('pending_payment');
    const paid = await service.ctx.app.inject({
      method: 'POST',
      url: `/api/payments/demo/${id}/confirm`,
      headers: { host: shop.host, authorization: `Bearer ${shop.customer}` },
      payload: card,
    });
    expect(paid.statusCode).toBe(200);
    await until(
      async () => ((await shop.orderRow(id)).status === 'accepted' ? true : undefined),
      'the paid order accepted',
    );
  });

  it('leaves the orders of a store without it to the desk, and does not look for them', async () => {
    const shop = await autoShop(null);
    const autoAccept = service.ctx.app.autoAccept;
    const before = autoAccept.sweeps;
    const placed = await shop.order([shop.naan(2)]);
    const id = placed.json().data.order.id as string;
    // Decision 53: a cash order of a store that does not auto-accept nudges no sweep.
    await new Promise((resolve) => setTimeout(resolve, 5 * NUDGE_GATHER_MS));
    expect(autoAccept.sweeps).toBe(before);
    await autoAccept.sweep();
    expect((await shop.orderRow(id)).status).toBe('placed');
  });

  // Decision 47's fence: nudges close together make one sweep, and an order placed while a
  // sweep runs is still accepted (the run goes round again), now that a desk move no longer
  // nudges the next sweep.
  it('gathers nudges made together into one sweep', async () => {
    const autoAccept = service.ctx.app.autoAccept;
    const before = autoAccept.sweeps;
    for (let i = 0; i < 10; i++) autoAccept.nudge();
    await until(() => (autoAccept.sweeps > before ? true : undefined), 'the sweep');
    await new Promise((resolve) => setTimeout(resolve, 5 * NUDGE_GATHER_MS));
    expect(autoAccept.sweeps).toBe(before + 1);
  });

  it('accepts every order of a burst, more than one sweep takes', async () => {
    const shop = await autoShop(20);
    // Placed side by side, so that more than a sweep's batch (20) can be due at once.
    const placed = await Promise.all(
      [...Array(23).keys()].map((i) => shop.order([shop.naan(2)], { notes: `burst ${i}` })),
    );
    expect(
      placed.map((p) => p.statusCode),
      placed.find((p) => p.statusCode !== 200)?.body,
    ).toEqual(placed.map(() => 200));
    const ids = placed.map((p) => p.json().data.order.id as string);
    for (const id of ids) {
      await until(
        async () => ((await shop.orderRow(id)).status === 'accepted' ? true : undefined),
        `order ${id} accepted`,
      );
    }
  });
});

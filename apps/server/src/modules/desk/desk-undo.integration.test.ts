import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liveEvents, orders, outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 65: the kitchen's last forward move taken back within two minutes, on a clock the
// tests move on; a board on the second process sees the order come back.
const base = makeTenantDocument();
const shop = {
  ...base,
  stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second' }],
};
const otherShop = makeTenantDocument();
let ahead = 0;
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;
let cook: StaffAgent;
let colleague: StaffAgent;
let owner: StaffAgent;
let stranger: StaffAgent;
let where: { tenantId: string; storeId: string };
let secondStore: { tenantId: string; storeId: string };

beforeAll(async () => {
  first = await createTestApp({ now: () => new Date(Date.now() + ahead) });
  second = await secondProcess(first);
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  await importTestTenant(first.db, shop);
  await importTestTenant(first.db, otherShop);
  const tenant = (await findTenantBySlug(first.db, shop.slug))!;
  const stores = await storesOfTenant(first.db, tenant.id);
  where = { tenantId: tenant.id, storeId: stores.find((s) => s.slug === 'main')!.id };
  secondStore = { tenantId: tenant.id, storeId: stores.find((s) => s.slug === 'second')!.id };
  cook = await staffAgent(first.app, first.db, shop, 'staff', { stores: ['main'] });
  colleague = await staffAgent(first.app, first.db, shop, 'staff', { stores: ['main'] });
  owner = await staffAgent(first.app, first.db, shop, 'owner');
  stranger = await staffAgent(first.app, first.db, otherShop, 'owner');
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const post = (url: string, body: object, agent: StaffAgent) =>
  first.app.inject({ method: 'POST', url, headers: agent.headers, payload: body });
const move = async (id: string, body: object, agent = cook) => {
  const res = await post(`/api/admin/orders/${id}/status`, body, agent);
  expect(res.statusCode, res.body).toBe(200);
};
const undo = (id: string, status: string, agent = cook) =>
  post(`/api/admin/orders/${id}/undo-move`, { status }, agent);
const rowOf = async (id: string) =>
  (await first.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = async (id: string) => (await rowOf(id)).statusHistory.map((h) => h.status);
const undoAudits = (id: string) =>
  first.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.move_undone')));
const eventsOf = async (id: string) =>
  (await first.db.select().from(liveEvents).where(eq(liveEvents.entityId, id))).length;

/** An order moved by the cook through `statuses` (an accept takes 15 minutes). */
async function orderAt(statuses: string[], orderType: 'collection' | 'delivery' = 'collection') {
  const order = await insertTestOrder(first.db, where, { orderType });
  for (const status of statuses) {
    await move(order.id, status === 'accepted' ? { status, minutes: 15 } : { status });
  }
  return order;
}

/** The moment of the order's last move, as the desk's copy of the order gives it. */
const lastMoveAt = async (id: string) => (await rowOf(id)).statusHistory.at(-1)!.at;
/** What an undo may change: the order, its undo's audit rows, its live events, its news. */
async function stateOf(id: string) {
  const row = await rowOf(id);
  const news = await first.db
    .select({ kind: outboxMessages.kind, status: outboxMessages.status })
    .from(outboxMessages)
    .where(eq(outboxMessages.orderId, id));
  return {
    status: row.status,
    history: row.statusHistory,
    updatedAt: row.updatedAt,
    undoAudits: (await undoAudits(id)).length,
    events: await eventsOf(id),
    news,
  };
}

describe('POST /api/admin/orders/{id}/undo-move', () => {
  it.each([
    { undone: 'preparing', path: ['accepted'], back: 'accepted' },
    { undone: 'ready', path: ['accepted', 'preparing'], back: 'preparing' },
    { undone: 'ready', path: ['accepted'], back: 'accepted' },
    { undone: 'completed', path: ['accepted', 'ready'], back: 'ready' },
    { undone: 'out_for_delivery', path: ['accepted', 'ready'], back: 'ready' },
    {
      undone: 'completed',
      path: ['accepted', 'ready', 'out_for_delivery'],
      back: 'out_for_delivery',
    },
  ])(
    'takes back $undone after $path to $back: history, audit row and live event',
    async ({ undone, path, back }) => {
      const type = [undone, ...path].includes('out_for_delivery') ? 'delivery' : 'collection';
      const order = await orderAt([...path, undone], type);
      const events = await eventsOf(order.id);
      const res = await undo(order.id, undone);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 200,
        message: `Order #${order.number} is back to ${back.replace(/_/g, ' ')}.`,
        data: { id: order.id, status: back },
      });
      // The order is as it was before the move: its status, its history, its next moves.
      expect(res.json().data.next).toContain(undone);
      expect(await historyOf(order.id)).toEqual(['placed', ...path]);
      const [audit] = await undoAudits(order.id);
      expect(audit).toMatchObject({
        actorEmail: cook.email,
        before: { status: undone, moved_by: cook.email },
        after: { status: back },
      });
      expect(await eventsOf(order.id)).toBe(events + 1);
    },
  );

  it('a colleague may undo a move made on another screen; a second undo finds nothing to undo', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    expect((await undo(order.id, 'completed', colleague)).statusCode).toBe(200);
    const again = await undo(order.id, 'completed');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 409,
      message: `Order #${order.number} is ready now, not completed: it moved on since, so there is nothing to undo. The board shows where it is.`,
      data: null,
    });
    expect(await historyOf(order.id)).toEqual(['placed', 'accepted', 'ready']);
    expect(await undoAudits(order.id)).toHaveLength(1);
  });

  it('refuses with 409 when the order moved on since the move, changing nothing', async () => {
    const order = await orderAt(['accepted', 'ready']);
    await move(order.id, { status: 'completed' }, colleague);
    const events = await eventsOf(order.id);
    const res = await undo(order.id, 'ready');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Order #${order.number} is completed now, not ready: it moved on since, so there is nothing to undo. The board shows where it is.`,
    );
    expect((await rowOf(order.id)).status).toBe('completed');
    expect(await undoAudits(order.id)).toHaveLength(0);
    expect(await eventsOf(order.id)).toBe(events);
  });

  it('undoes only the forward moves: an accept, a rejection or a cancellation is not one', async () => {
    const accepted = await orderAt(['accepted']);
    for (const status of ['accepted', 'rejected', 'cancelled', 'placed', 'delay']) {
      const res = await undo(accepted.id, status);
      expect(res.statusCode, status).toBe(400);
      expect(res.json().errors).toEqual({
        status: 'Name the move to undo: preparing, ready, out_for_delivery or completed',
      });
    }
    // The order's last move is its accept: there is no preparing to take back.
    expect((await undo(accepted.id, 'preparing')).statusCode).toBe(409);
    const cancelled = await orderAt(['accepted', 'preparing', 'cancelled']);
    expect((await undo(cancelled.id, 'preparing')).statusCode).toBe(409);
    expect((await rowOf(cancelled.id)).status).toBe('cancelled');
  });

  it('refuses with 422 after two minutes, and undoes up to then', async () => {
    const late = await orderAt(['accepted', 'ready', 'completed']);
    const inTime = await orderAt(['accepted', 'preparing']);
    try {
      ahead = 121_000;
      const res = await undo(late.id, 'completed');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: 422,
        message: `Order #${late.number} was completed more than 2 minutes ago: a move can only be undone in the 2 minutes after it is made.`,
        data: null,
      });
      expect((await rowOf(late.id)).status).toBe('completed');
      expect(await undoAudits(late.id)).toHaveLength(0);
      ahead = 110_000;
      expect((await undo(inTime.id, 'preparing')).statusCode).toBe(200);
    } finally {
      ahead = 0;
    }
  });

  it('a completed order refunded since stays completed', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    const refund = await post(
      `/api/admin/orders/${order.id}/refunds`,
      { amount: 500, reason: 'A dish was missing' },
      owner,
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const res = await undo(order.id, 'completed', owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Order #${order.number} has a refund since it was completed: it stays completed.`,
    );
    expect((await rowOf(order.id)).status).toBe('completed');
  });

  it('is not found for another store’s or another shop’s order, or no order; a bad id is a 400', async () => {
    const elsewhere = await insertTestOrder(first.db, secondStore);
    await move(elsewhere.id, { status: 'accepted', minutes: 15 }, owner);
    await move(elsewhere.id, { status: 'ready' }, owner);
    const notMine = await undo(elsewhere.id, 'ready');
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({
      status: 404,
      message: 'There is no such order in your stores.',
      data: null,
    });
    const otherShopAnswer = await first.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${elsewhere.id}/undo-move`,
      headers: stranger.headers,
      payload: { status: 'ready' },
    });
    expect(otherShopAnswer.statusCode).toBe(404);
    expect((await rowOf(elsewhere.id)).status).toBe('ready');
    const none = await undo('00000000-0000-4000-8000-000000000000', 'ready');
    expect(none.statusCode).toBe(404);
    const bad = await undo('1042', 'ready');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Not a valid order id/);
  });

  it('a board on the other process hears of the undo and reads the order back', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    const board = openBoard(secondUrl, cook);
    const ready = await board.waitFor((f) => f.event === 'ready', 10_000);
    expect((await undo(order.id, 'completed')).statusCode).toBe(200);
    const frame = await board.waitFor(
      (f) => f.event === 'order.status' && Number(f.id) > Number(ready.id),
      2000,
    );
    expect(JSON.parse(frame.data!)).toMatchObject({ entity_id: order.id, store_id: where.storeId });
    board.close();
    // What the board reads on that event: the order open again, in Ready.
    const read = await second.inject({
      method: 'GET',
      url: `/api/admin/orders?ids=${order.id}&limit=1`,
      headers: cook.headers,
    });
    expect(read.json().data.orders).toMatchObject([{ id: order.id, status: 'ready' }]);
  });
});

describe('an undo tapped again after its answer was lost (decision 78)', () => {
  it('answers the order as it is, as the first did, and changes nothing more', async () => {
    const order = await orderAt(['accepted', 'preparing', 'ready']);
    const at = await lastMoveAt(order.id);
    const first = await post(
      `/api/admin/orders/${order.id}/undo-move`,
      { status: 'ready', at },
      cook,
    );
    expect(first.statusCode, first.body).toBe(200);
    const made = await stateOf(order.id);
    expect(made).toMatchObject({ status: 'preparing', undoAudits: 1 });
    // The held "ready" went with the undo; the news of the accept stays.
    expect(made.news.map((m) => m.kind)).not.toContain('order_ready');

    for (const body of [{ status: 'ready', at }, { status: 'ready' }]) {
      const again = await post(`/api/admin/orders/${order.id}/undo-move`, body, cook);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ ...first.json(), data: again.json().data });
      expect(again.json().data).toEqual(first.json().data);
      expect(await stateOf(order.id)).toEqual(made);
    }
  });

  it('answers both of two taps at once, undoing once', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    const at = await lastMoveAt(order.id);
    const events = await eventsOf(order.id);
    const answers = await Promise.all([
      post(`/api/admin/orders/${order.id}/undo-move`, { status: 'completed', at }, cook),
      post(`/api/admin/orders/${order.id}/undo-move`, { status: 'completed', at }, cook),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json().data?.status])).toEqual([
      [200, 'ready'],
      [200, 'ready'],
    ]);
    expect(await historyOf(order.id)).toEqual(['placed', 'accepted', 'ready']);
    expect(await undoAudits(order.id)).toHaveLength(1);
    expect(await eventsOf(order.id)).toBe(events + 1);
  });

  it('is still refused when a colleague moved the order on since the undo', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const at = await lastMoveAt(order.id);
    expect((await undo(order.id, 'ready')).statusCode).toBe(200);
    await move(order.id, { status: 'preparing' }, colleague);
    const made = await stateOf(order.id);
    for (const body of [{ status: 'ready', at }, { status: 'ready' }]) {
      const again = await post(`/api/admin/orders/${order.id}/undo-move`, body, cook);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        status: 409,
        message: `Order #${order.number} is preparing now, not ready: it moved on since, so there is nothing to undo. The board shows where it is.`,
        data: null,
      });
    }
    expect(await stateOf(order.id)).toEqual(made);
  });

  it('does not take back the same move made again since by a colleague', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const at = await lastMoveAt(order.id);
    expect((await undo(order.id, 'ready')).statusCode).toBe(200);
    await move(order.id, { status: 'ready' }, colleague);
    const made = await stateOf(order.id);
    const again = await post(
      `/api/admin/orders/${order.id}/undo-move`,
      { status: 'ready', at },
      cook,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Order #${order.number} was marked ready again since: that later move is not the one to undo here. The board shows where it is.`,
    );
    // The colleague's "ready" stands, and its news is still held for the customer.
    expect(await stateOf(order.id)).toEqual(made);
    expect(made.history.at(-1)).toMatchObject({ status: 'ready', by: colleague.email });
    expect(made.news.filter((m) => m.kind === 'order_ready')).toEqual([
      { kind: 'order_ready', status: 'pending' },
    ]);
  });

  it('is refused when the move was undone by a colleague, or once the order went back and on again', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const at = await lastMoveAt(order.id);
    // The colleague's undo is not the cook's to repeat.
    expect((await undo(order.id, 'ready', colleague)).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/orders/${order.id}/undo-move`, { status: 'ready', at }, cook))
        .statusCode,
    ).toBe(409);

    // Made again and undone again by the cook: the first move named by its moment is not the
    // one the last undo took back.
    await move(order.id, { status: 'ready' });
    const later = await lastMoveAt(order.id);
    expect((await undo(order.id, 'ready')).statusCode).toBe(200);
    const made = await stateOf(order.id);
    const stale = await post(
      `/api/admin/orders/${order.id}/undo-move`,
      { status: 'ready', at },
      cook,
    );
    expect(stale.statusCode).toBe(409);
    const fresh = await post(
      `/api/admin/orders/${order.id}/undo-move`,
      { status: 'ready', at: later },
      cook,
    );
    expect(fresh.statusCode).toBe(200);
    expect(await stateOf(order.id)).toEqual(made);
  });

  it('refuses a moment that is not one', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const res = await post(
      `/api/admin/orders/${order.id}/undo-move`,
      { status: 'ready', at: 'soon' },
      cook,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      at: 'Give the moment of the move as an ISO date and time',
    });
    expect((await rowOf(order.id)).status).toBe('ready');
  });
});

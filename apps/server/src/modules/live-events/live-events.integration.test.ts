import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 14, point 1: an order moved through one process reaches a board connected to another.
const base = makeTenantDocument();
const shop = {
  ...base,
  stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second' }],
};
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;
let owner: StaffAgent;
let mainOnly: StaffAgent;
let where: { tenantId: string; storeId: string };
let secondStore: { tenantId: string; storeId: string };

beforeAll(async () => {
  first = await createTestApp();
  second = await secondProcess(first);
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  await importTestTenant(first.db, shop);
  const tenant = (await findTenantBySlug(first.db, shop.slug))!;
  const stores = await storesOfTenant(first.db, tenant.id);
  where = { tenantId: tenant.id, storeId: stores.find((s) => s.slug === 'main')!.id };
  secondStore = { tenantId: tenant.id, storeId: stores.find((s) => s.slug === 'second')!.id };
  owner = await staffAgent(first.app, first.db, shop, 'owner');
  mainOnly = await staffAgent(first.app, first.db, shop, 'staff', { stores: ['main'] });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const connect = (agent: StaffAgent, lastEventId?: number) =>
  openBoard(secondUrl, agent, lastEventId);

const accept = (id: string) =>
  first.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: owner.headers,
    payload: { status: 'accepted', minutes: 15 },
  });

describe('GET /api/admin/events', () => {
  it('streams a move made through another process, within two seconds', async () => {
    const board = connect(owner);
    const res = await board.opened;
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    await board.waitFor((f) => f.event === 'ready');
    const order = await insertTestOrder(first.db, where);
    const started = Date.now();
    expect((await accept(order.id)).statusCode).toBe(200);
    const frame = await board.waitFor((f) => f.event === 'order.status', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(JSON.parse(frame.data!)).toMatchObject({
      kind: 'order.status',
      entity_id: order.id,
      store_id: where.storeId,
    });
    board.close();
  });

  it('replays what a board missed from its Last-Event-ID, only for its stores', async () => {
    const board = connect(mainOnly);
    const ready = await board.waitFor((f) => f.event === 'ready');
    board.close();
    const mine = await insertTestOrder(first.db, where);
    const notMine = await insertTestOrder(first.db, secondStore);
    await accept(mine.id);
    await accept(notMine.id);
    // The board comes back with the id it last saw, as EventSource does.
    const back = connect(mainOnly, Number(ready.id));
    const replayed = await back.waitFor((f) => f.event === 'order.status');
    expect(JSON.parse(replayed.data!).entity_id).toBe(mine.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(back.frames.some((f) => f.data?.includes(notMine.id))).toBe(false);
    back.close();
  });

  it('refuses a browser without a staff session', async () => {
    const res = await first.app.inject({
      method: 'GET',
      url: '/api/admin/events',
      headers: { host: shop.hosts[0]!.host },
    });
    expect(res.statusCode).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBoard, type Frame } from '../../../test/live-board.ts';
import { openOrderShop, type OrderShop } from '../../../test/order-shop.ts';
import { testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { until } from '../../../test/until.ts';
import { LIVE_EVENTS_CHANNEL } from './live-events.repository.ts';

// Issue 27, point 2: two processes on one PostgreSQL, boards open on both, orders flowing, and
// the database's connections cut under them. PostgreSQL only (a *.postgres.integration.test.ts
// file is collected when DATABASE_URL is set): PGlite has no connection to cut; its catch-up is
// tested in live-events.hub.integration.test.ts, on both databases.
const clock = testClock('2026-11-17T12:00:00Z');
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let shop: OrderShop;
let owner: StaffAgent;

beforeAll(async () => {
  servers = await twoProcesses({ now: clock.now });
  shop = await openOrderShop(servers.first);
  owner = await staffAgent(servers.first.app, servers.first.db, shop.doc, 'owner');
});
afterAll(async () => {
  await servers?.close();
});

type Board = ReturnType<typeof openBoard>;

/** Two boards on each process, each told it is ready. */
async function openBoards(): Promise<Board[]> {
  const boards = servers.urls.flatMap((url) => [openBoard(url, owner), openBoard(url, owner)]);
  for (const board of boards) await board.waitFor((f) => f.event === 'ready', 10_000);
  return boards;
}

const dataOf = (frame: Frame) => JSON.parse(frame.data ?? '{}') as { entity_id?: string };
const createdOn = (board: Board, orderId: string) =>
  board.frames.filter((f) => f.event === 'order.created' && dataOf(f).entity_id === orderId);

/** Customers placing cash orders through both processes until stopped. */
function orderFlow(customers: { token: string }[]) {
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let stopped = false;
  const loop = async (index: number) => {
    const app = servers.apps[index % 2]!;
    while (!stopped) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { host: shop.host, authorization: `Bearer ${customers[index]!.token}` },
        payload: shop.collection(),
      });
      if (answer.statusCode === 200) acknowledged.push(answer.json().data.order.id as string);
      else refused.push(answer.statusCode);
    }
  };
  const loops = customers.map((_c, i) => loop(i));
  return {
    acknowledged,
    refused,
    /** Waits for `more` orders acknowledged from now. */
    more: (more: number) => {
      const target = acknowledged.length + more;
      return until(() => (acknowledged.length >= target ? true : undefined), `${more} orders`);
    },
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('live events through database faults (PostgreSQL)', () => {
  it('delivers every acknowledged order once to every board when pooled, LISTEN, then all backends are cut', async () => {
    const boards = await openBoards();
    const customers = await Promise.all(['ada', 'bo', 'cy', 'di'].map((n) => shop.customer(n)));
    const flow = orderFlow(customers);
    await flow.more(8);
    await servers.terminate('pooled');
    await flow.more(8);
    await servers.terminate('listen');
    await flow.more(8);
    await servers.terminate('both');
    await flow.more(8);
    await flow.stop();

    // A request whose connection was cut is a 503 (the customer tries again), nothing else.
    expect(flow.refused.filter((status) => status !== 503)).toEqual([]);
    for (const board of boards) {
      await until(
        () => (flow.acknowledged.every((id) => createdOn(board, id).length > 0) ? true : undefined),
        'every acknowledged order on every board',
      );
    }
    for (const board of boards) {
      for (const id of flow.acknowledged) expect(createdOn(board, id)).toHaveLength(1);
      const ids = board.frames.filter((f) => f.event !== 'ready').map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    // Both processes carry on.
    for (const app of servers.apps) {
      await until(
        async () => ((await app.inject({ url: '/readyz' })).statusCode === 200 ? true : undefined),
        'ready',
      );
    }
    // And so does the desk on each: its statements prepared once per database (the staff
    // session, the order; decision 51) are prepared again on the connections opened since.
    for (const [index, app] of servers.apps.entries()) {
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${flow.acknowledged[index]}/status`,
        headers: owner.headers,
        payload: { status: 'accepted', minutes: 20 },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.status).toBe('accepted');
    }
    for (const board of boards) board.close();
  });

  it('delivers more than 2,000 events written while the LISTEN connections are down', async () => {
    const boards = await openBoards();
    // The LISTEN connections are cut and cannot come back until the database takes new
    // connections again; the pools' open connections carry on writing.
    await servers.first.db.execute(sql`select 1`);
    await servers.allowConnections(false);
    await servers.terminate('listen');
    const written = (await servers.first.db.execute(sql`
      with written as (
        insert into live_events (tenant_id, store_id, kind, entity_id)
        select ${shop.tenantId}, ${shop.storeId}, 'order.status', 'outage-' || n
        from generate_series(1, 2100) n
        returning id
      )
      select id, pg_notify(${LIVE_EVENTS_CHANNEL}, id::text) from written`)) as unknown as {
      rows: { id: string | number }[];
    };
    await servers.allowConnections(true);
    const ids = written.rows.map((row) => String(row.id)).sort();
    for (const board of boards) {
      await until(() => {
        const seen = board.frames.filter((f) => f.event === 'order.status').map((f) => f.id!);
        return seen.length >= ids.length ? seen : undefined;
      }, 'the 2,100 events on every board').then((seen) => expect([...seen].sort()).toEqual(ids));
    }
    for (const board of boards) board.close();
  });
});

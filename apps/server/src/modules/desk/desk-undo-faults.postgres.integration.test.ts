import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liveEvents, orders, outboxMessages } from '../../db/schema.ts';
import {
  commitAnswerCutter,
  cutHalfWay,
  entityOf,
  framesAbout,
} from '../../../test/cut-half-way.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { startSmtpMailbox, type SmtpMailbox } from '../../../test/smtp-mailbox.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { adminQuery, databaseUrl } from '../../../test/test-database.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 65's undo through PostgreSQL's faults: two processes on one database, a board on
// the second, and the database's connections cut under them; a third process killed outright.
// PostgreSQL only (a *.postgres.integration.test.ts file is collected when DATABASE_URL is
// set): PGlite has no connection to cut and no second process. The undo across two processes
// on both databases is in desk-undo.integration.test.ts, and the held news with its process
// gone in desk-undo-processes.integration.test.ts.
const shop = makeTenantDocument();
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let mailbox: SmtpMailbox;
let name = '';
let cook: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  // The first process sends the outbox to the mailbox; the second keeps it (two-processes.ts).
  servers = await twoProcesses({ messages: { smtpUrl: mailbox.url, deliver: true } });
  await importTestTenant(servers.first.db, shop);
  const found = (await servers.first.db.execute(
    sql`select current_database() as name`,
  )) as unknown as { rows: { name: string }[] };
  name = found.rows[0]!.name;
  const tenant = (await findTenantBySlug(servers.first.db, shop.slug))!;
  where = {
    tenantId: tenant.id,
    storeId: (await storesOfTenant(servers.first.db, tenant.id))[0]!.id,
  };
  cook = await staffAgent(servers.first.app, servers.first.db, shop, 'staff', { stores: ['main'] });
});
afterAll(async () => {
  await adminQuery(`alter database ${name} allow_connections true`).catch(() => {});
  await servers?.close();
  await mailbox?.close();
});

const db = () => servers.first.db;
const post = (url: string, body: object) =>
  servers.first.app.inject({ method: 'POST', url, headers: cook.headers, payload: body });
const move = async (id: string, body: object) => {
  const res = await post(`/api/admin/orders/${id}/status`, body);
  expect(res.statusCode, res.body).toBe(200);
};
/** The cook's undo, made through the first process. */
const undo = (id: string, status: string) => post(`/api/admin/orders/${id}/undo-move`, { status });
/** The moment of an order's last move, as its history (and the desk's copy of it) says it. */
const lastMoveAt = async (id: string) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!.statusHistory.at(-1)!.at;

/** An order moved by the cook through `statuses` (an accept takes 15 minutes). */
async function orderAt(statuses: string[]) {
  const order = await insertTestOrder(db(), where);
  for (const status of statuses) {
    await move(order.id, status === 'accepted' ? { status, minutes: 15 } : { status });
  }
  return order;
}

/** What an undo may change: the order, its undo's audit row, its live events, its held news. */
async function stateOf(id: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, id));
  const undone = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.move_undone')));
  const events = await db().select().from(liveEvents).where(eq(liveEvents.entityId, id));
  const held = await db()
    .select({ status: outboxMessages.status, attempts: outboxMessages.attempts })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, id), eq(outboxMessages.kind, 'order_ready')));
  return {
    status: order!.status,
    history: order!.statusHistory.map((h) => h.status),
    undoAudits: undone.length,
    events: events.length,
    held,
  };
}

/** A board on the second process, told it is ready. */
async function boardOnSecond() {
  const board = openBoard(servers.urls[1]!, cook);
  const ready = await board.waitFor((f) => f.event === 'ready', 10_000);
  return { board, ready };
}

/**
 * Waits until the board has heard of a later change (an order of its own placed through the
 * first process): every event before it has then reached the board, so what the board has is
 * all it will get of them.
 */
async function heardAllBefore(board: ReturnType<typeof openBoard>) {
  const marker = await insertTestOrder(db(), where);
  await move(marker.id, { status: 'accepted', minutes: 15 });
  await board.waitFor((f) => f.event === 'order.status' && entityOf(f) === marker.id, 30_000);
}

const UNAVAILABLE = {
  status: 503,
  message: 'The service is briefly unavailable. Please try again in a few seconds.',
  data: null,
};

describe('an undo through database faults (PostgreSQL)', () => {
  it('reaches a board on the other process whose LISTEN connection was cut just before', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    const { board, ready } = await boardOnSecond();
    // The first process has a pooled connection open to write with; the LISTEN connections are
    // cut and cannot come back until the database takes new connections again, so the undo's
    // NOTIFY reaches no one: the second process must read it from the table once back.
    await db().execute(sql`select 1`);
    await servers.allowConnections(false);
    try {
      await servers.terminate('listen');
      const res = await undo(order.id, 'completed');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('ready');
    } finally {
      await servers.allowConnections(true);
    }
    const frame = await board.waitFor(
      (f) => f.event === 'order.status' && framesAbout([f], order.id, ready).length === 1,
      30_000,
    );
    expect(JSON.parse(frame.data!)).toMatchObject({ entity_id: order.id, store_id: where.storeId });
    await heardAllBefore(board);
    expect(framesAbout(board.frames, order.id, ready)).toHaveLength(1);
    board.close();
    // What the board reads on that event, from the second process: the order back in Ready.
    const read = await servers.second.inject({
      method: 'GET',
      url: `/api/admin/orders?ids=${order.id}&limit=1`,
      headers: cook.headers,
    });
    expect(read.json().data.orders).toMatchObject([{ id: order.id, status: 'ready' }]);
  });

  it('answers 503 while the database is restarting, changes nothing, and is done when tried again', async () => {
    const order = await orderAt(['accepted', 'ready', 'completed']);
    const { board, ready } = await boardOnSecond();
    const before = await stateOf(order.id);
    // As a restart does: every connection of the database cut, and none taken for a while.
    await servers.allowConnections(false);
    try {
      await servers.terminate('both');
      const refused = await undo(order.id, 'completed');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual(UNAVAILABLE);
    } finally {
      await servers.allowConnections(true);
    }
    expect(await stateOf(order.id)).toEqual(before);

    const again = await undo(order.id, 'completed');
    expect(again.statusCode, again.body).toBe(200);
    expect(await stateOf(order.id)).toMatchObject({
      status: 'ready',
      history: ['placed', 'accepted', 'ready'],
      undoAudits: 1,
      events: before.events + 1,
    });
    await board.waitFor((f) => framesAbout([f], order.id, ready).length === 1, 30_000);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, order.id, ready)).toHaveLength(1);
    board.close();
  });

  it('changes nothing when its connection is cut half-way, and is done when tried again', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const { board, ready } = await boardOnSecond();
    const before = await stateOf(order.id);
    expect(before.held).toEqual([{ status: 'pending', attempts: 0 }]);

    // Another connection holds the held message's row: the undo's transaction moves the order,
    // writes its audit row and its live event in one statement, then waits to drop the
    // message. Its connection is cut there, half-way through the transaction.
    const { answer: refused, takenCode } = await cutHalfWay(name, {
      hold: {
        text: `select id from outbox_messages where order_id = $1 and kind = 'order_ready' for update`,
        values: [order.id],
      },
      request: () => undo(order.id, 'ready'),
      waitsIn: 'delete from "outbox_messages"%',
      taken: { text: 'select id from orders where id = $1 for update nowait', values: [order.id] },
      what: 'the undo waiting to drop the held message',
    });
    // The order's row was taken: the undo's transaction had already moved it.
    expect(takenCode).toBe('55P03');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    // All or nothing: the order, its history, the audit row, the live event and the held
    // message are as they were.
    expect(await stateOf(order.id)).toEqual(before);

    const again = await undo(order.id, 'ready');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('accepted');
    expect(await stateOf(order.id)).toEqual({
      status: 'accepted',
      history: ['placed', 'accepted'],
      undoAudits: 1,
      events: before.events + 1,
      held: [],
    });
    // The board hears of the undo once: the cut transaction's NOTIFY never went out.
    await board.waitFor((f) => framesAbout([f], order.id, ready).length === 1, 30_000);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, order.id, ready)).toHaveLength(1);
    board.close();
  });
});

describe('an undo whose answer was lost after its commit (PostgreSQL, decision 78)', () => {
  it('is answered as done when tapped again, and nothing happens twice', async () => {
    const order = await orderAt(['accepted', 'ready']);
    const at = await lastMoveAt(order.id);
    const { board, ready } = await boardOnSecond();
    const before = await stateOf(order.id);
    expect(before.held).toEqual([{ status: 'pending', attempts: 0 }]);

    // The tablet's server reaches the database through a way that loses the answer to the
    // undo's COMMIT: the database has made the undo, the server hears its connection cut.
    const cutter = await commitAnswerCutter(name);
    const tablets = await servers.another(cutter.url);
    const tap = () =>
      tablets.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/undo-move`,
        headers: cook.headers,
        payload: { status: 'ready', at },
      });
    try {
      const cut = cutter.arm('order.move_undone');
      const lost = await tap();
      await cut;
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual(UNAVAILABLE);
      // Made all the same: back to accepted, the held news dropped, audited, one live event.
      const made = await stateOf(order.id);
      expect(made).toEqual({
        status: 'accepted',
        history: ['placed', 'accepted'],
        undoAudits: 1,
        events: before.events + 1,
        held: [],
      });

      // The bar still offers the undo; tapped again, through the same server.
      const again = await tap();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        status: 200,
        message: `Order #${order.number} is back to accepted.`,
        data: { id: order.id, status: 'accepted' },
      });
      expect(await stateOf(order.id)).toEqual(made);
    } finally {
      await tablets.close();
      await cutter.close();
    }
    // The board heard of the undo once.
    await board.waitFor((f) => framesAbout([f], order.id, ready).length === 1, 30_000);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, order.id, ready)).toHaveLength(1);
    board.close();
  });
});

describe('the held news when the process that made the move was killed (PostgreSQL)', () => {
  it('is never sent once the move is undone, and is sent by the other process otherwise', async () => {
    const undone = await insertTestOrder(db(), where);
    const kept = await insertTestOrder(db(), where);
    const killed = await startServerProcess();
    try {
      // The cook's tablet is served by the third process: it makes the moves.
      for (const order of [undone, kept]) {
        for (const body of [{ status: 'accepted', minutes: 15 }, { status: 'ready' }]) {
          const res = await killed.post(`/api/admin/orders/${order.id}/status`, body);
          expect(res.status, res.body).toBe(200);
        }
      }
    } finally {
      await killed.kill();
    }
    // The tablet's next request reaches the first process: the undo is made there.
    const res = await undo(undone.id, 'ready');
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf(undone.id)).held).toEqual([]);

    // The holds end, as they do on the database's clock once the window has passed.
    await db()
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(outboxMessages.kind, 'order_ready'),
          eq(outboxMessages.status, 'pending'),
          gt(outboxMessages.nextAttemptAt, sql`now()`),
        ),
      );
    const sent = await mailbox.mailTo(kept.customerEmail!, 'is ready to collect');
    expect(sent).toContain(`Your order #${kept.number} is ready to collect`);
    // The worker sent everything due in that run: the undone order's customer got nothing.
    const toUndone = mailbox.received.filter((m) => m.to.includes(undone.customerEmail!));
    expect(toUndone.some((m) => m.raw.includes('is ready'))).toBe(false);
    await until(async () => {
      const { held } = await stateOf(kept.id);
      return held[0]?.status === 'sent' ? held : undefined;
    }, 'the sent mark').then((held) => expect(held).toEqual([{ status: 'sent', attempts: 1 }]));
  });
});

const mainScript = fileURLToPath(new URL('../../main.ts', import.meta.url));

/**
 * A real server process (main.ts) on this file's database, ended with SIGKILL: no graceful
 * stop, its connections and outbox worker gone with it.
 */
async function startServerProcess() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () =>
      (await call(url, 'GET', '/readyz').catch(() => null))?.status === 200 ? true : undefined,
    `the server process to be ready (${output})`,
    100_000, // a busy machine compiles the server slowly
  );
  return {
    post: (path: string, body: object) => call(url, 'POST', path, body),
    kill: async () => {
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    },
  };
}

/** A request to `url` as the cook's tablet makes it (node:http, which lets the Host header be set). */
function call(url: string, method: string, path: string, body?: object) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = httpRequest(`${url}${path}`, {
      method,
      headers: {
        ...cook.headers,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Live events of the order desk (issue 14): how long a new order takes to reach a staff board,
// and whether a board misses or repeats events when the process's LISTEN connection is killed.
// Measured, not asserted: the figures go into bench/RESULTS.md whatever they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServery } from './api.mjs';
import { measureRate, RATE_RUN } from './desk-load.mjs';
import { startMailbox } from './mailbox.mjs';
import { createBenchDatabase } from './bench-database.mjs';
import { KILLS, measureOutage, terminate } from './live-events-faults.mjs';
import {
  boardEmail,
  cashOrder,
  openBoard,
  placeOrder,
  prepareShop,
  round,
  signInStaff,
  stop,
  summary,
} from './staff-board.mjs';

export { liveEventsSection } from './live-events-report.mjs';

/** Orders timed one after the other, each waiting for its event before the next. */
const LATENCY_ORDERS = 100;
/** The longest an order's event is waited for in the latency run before it counts as missed. */
const EVENT_TIMEOUT_MS = 5_000;
/** The termination run: orders started every PACE_MS, backends killed as KILLS says. */
const KILL_RUN_ORDERS = 300;
const KILL_RUN_PACE_MS = 20;
/** After the last order is answered: how long events may still come before they count missed. */
const SETTLE_MS = 10_000;

/**
 * LATENCY_ORDERS orders one after the other on `orderUrl`; each time from just before its POST
 * is sent to its order.created on the board (and from the POST's answer, for comparison).
 */
async function measureLatency(orderUrl, order, board) {
  const fromSend = [];
  const fromAnswer = [];
  let missed = 0;
  for (let i = 0; i < LATENCY_ORDERS; i++) {
    const sent = performance.now();
    const id = await placeOrder(orderUrl, order);
    const answered = performance.now();
    const at = await board.arrival(id, EVENT_TIMEOUT_MS);
    if (at === null) {
      missed += 1;
      continue;
    }
    fromSend.push(at - sent);
    fromAnswer.push(at - answered);
  }
  const duplicated = [...board.arrivals.values()].filter((times) => times.length > 1).length;
  return { fromSend: summary(fromSend), fromAnswer: summary(fromAnswer), missed, duplicated };
}

/** The LISTEN backends of `database`, as pg_stat_activity shows them. */
async function listenBackends(admin, database) {
  const { rows } = await admin.query(
    `select pid from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
    [database],
  );
  return rows.map((r) => r.pid);
}

/**
 * Orders started every KILL_RUN_PACE_MS on `orderUrl` (not waiting for one another, so some
 * overlap); at each of KILLS the LISTEN backends, the pooled ones or both are terminated.
 * Afterwards each order id is counted on the board: never received, received more than once.
 */
async function measureTermination(orderUrl, order, board, { adminUrl, database }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const before = await listenBackends(admin, database);
    const kills = [];
    const placed = [];
    const failures = [];
    const started = performance.now();
    const inFlight = [];
    for (let i = 0; i < KILL_RUN_ORDERS; i++) {
      const cut = KILLS.find((k) => k.atOrder === i);
      if (cut) {
        const rows = await terminate(admin, database, cut.which);
        const kill = {
          which: cut.which,
          atOrder: i,
          at: performance.now(),
          terminated: rows.filter((r) => r.done).length,
        };
        kills.push(kill);
        // How long until as many LISTEN backends are there again (watched in the background).
        void (async () => {
          for (let waited = 0; waited < 30_000; waited += 20) {
            const now = await listenBackends(admin, database).catch(() => []);
            if (
              now.length >= before.length &&
              !now.some((pid) => rows.some((r) => r.pid === pid))
            ) {
              kill.backAfterMs = round(performance.now() - kill.at);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
      }
      const sent = performance.now();
      inFlight.push(
        placeOrder(orderUrl, order).then(
          (id) => placed.push({ id, sent, index: i }),
          (error) => failures.push(error.message),
        ),
      );
      const next = started + (i + 1) * KILL_RUN_PACE_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await Promise.all(inFlight);
    // Every order's event, or SETTLE_MS after the last answer; then a moment for late repeats.
    const deadline = performance.now() + SETTLE_MS;
    await Promise.all(
      placed.map(({ id }) => board.arrival(id, Math.max(0, deadline - performance.now()))),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const missedIds = placed.filter(({ id }) => !board.arrivals.has(id));
    const duplicatedIds = placed.filter(({ id }) => board.arrivals.get(id)?.length > 1);
    const latencies = placed
      .filter(({ id }) => board.arrivals.has(id))
      .map(({ id, sent }) => board.arrivals.get(id)[0] - sent);
    return {
      orders: KILL_RUN_ORDERS,
      paceMs: KILL_RUN_PACE_MS,
      placed: placed.length,
      failures: failures.length,
      failure: failures[0] ?? null,
      listenBackends: before.length,
      kills: kills.map(({ which, atOrder, terminated, backAfterMs }) => ({
        which,
        atOrder,
        terminated,
        backAfterMs: backAfterMs ?? null,
      })),
      missed: missedIds.length,
      missedOrders: missedIds.map((o) => o.index),
      duplicated: duplicatedIds.length,
      duplicatedOrders: duplicatedIds.map((o) => `${o.index}×${board.arrivals.get(o.id).length}`),
      latency: summary(latencies),
      boardReconnects: board.reconnects,
    };
  } finally {
    await admin.end();
  }
}

/** PGlite: one process, the board and the orders on it. */
async function benchPglite(serverMain, mailbox) {
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-live-'));
  let server;
  let board;
  try {
    const email = boardEmail();
    await prepareShop(serverMain, { dataDir, email });
    server = await startServery(dataDir, { smtpUrl: mailbox.url, main: serverMain });
    const order = await cashOrder(server.url, mailbox);
    board = openBoard(server.url, await signInStaff(server.url, mailbox, email));
    await board.ready;
    const latency = await measureLatency(server.url, order, board);
    return {
      database: 'PGlite (embedded)',
      processes: 1,
      latency,
      boardReconnects: board.reconnects,
    };
  } finally {
    await board?.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL: two processes on one fresh database; orders on the first, the board on the second. */
async function benchPostgres(serverMain, mailbox) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(adminUrl);
  if (database.skipped) return { database: 'PostgreSQL', skipped: database.skipped };
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'servery-bench-live-pg-')));
  const servers = [];
  let board;
  try {
    const email = boardEmail();
    await prepareShop(serverMain, { dataDir: dirs[0], databaseUrl: database.url, email });
    for (const dir of dirs) {
      servers.push(await startServery(dir, { databaseUrl: database.url, smtpUrl: mailbox.url }));
    }
    const [orders, desk] = servers;
    const order = await cashOrder(orders.url, mailbox);
    board = openBoard(desk.url, await signInStaff(desk.url, mailbox, email));
    await board.ready;
    const latency = await measureLatency(orders.url, order, board);
    const termination = await measureTermination(orders.url, order, board, {
      adminUrl,
      database: database.database,
    });
    const outage = await measureOutage(board, {
      adminUrl,
      database: database.database,
      databaseUrl: database.url,
    });
    const rate = await measureRate(orders.url, order, board);
    return {
      database: `PostgreSQL ${database.version.split(' ')[0]}`,
      processes: 2,
      latency,
      termination,
      outage,
      rate,
      boardReconnects: board.reconnects,
    };
  } finally {
    await board?.close();
    for (const server of servers) await stop(server);
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Both databases; a failure of one is kept in its result, not thrown. */
export async function benchLiveEvents({ serverMain = 'apps/server/dist/main.js' } = {}) {
  const mailbox = await startMailbox();
  const runs = [];
  try {
    for (const bench of [benchPostgres, benchPglite]) {
      try {
        runs.push(await bench(serverMain, mailbox));
      } catch (error) {
        console.error(error);
        runs.push({
          database: bench === benchPostgres ? 'PostgreSQL' : 'PGlite (embedded)',
          failure: error.message,
        });
      }
    }
  } finally {
    await mailbox.close();
  }
  return {
    runs,
    latencyOrders: LATENCY_ORDERS,
    killRun: {
      orders: KILL_RUN_ORDERS,
      paceMs: KILL_RUN_PACE_MS,
      kills: KILLS,
      settleMs: SETTLE_MS,
    },
    rateRun: RATE_RUN,
  };
}

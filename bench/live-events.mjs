// Live events of the order desk (issue 14): how long a new order takes to reach a staff board,
// and whether a board misses or repeats events when the process's LISTEN connection is killed.
// Measured, not asserted: the figures go into bench/RESULTS.md whatever they are.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServery } from './api.mjs';
import { startMailbox } from './mailbox.mjs';
import { createBenchDatabase, prepareOrder } from './orders.mjs';

/** Orders timed one after the other, each waiting for its event before the next. */
const LATENCY_ORDERS = 100;
/** The longest an order's event is waited for in the latency run before it counts as missed. */
const EVENT_TIMEOUT_MS = 5_000;
/** The termination run: orders started every PACE_MS, the LISTEN backends killed at these. */
const KILL_RUN_ORDERS = 300;
const KILL_RUN_PACE_MS = 20;
const KILL_AT = [80, 180];
/** After the last order is answered: how long events may still come before they count missed. */
const SETTLE_MS = 10_000;
/** The board's member of staff: an address of its own per run, so the mailbox has one code. */
const boardEmail = () => `bench-board-${randomBytes(4).toString('hex')}@tandoor-lane.test`;
export const LIVE_EVENTS_GOALS = { p95Ms: 2000, aimP95Ms: 200 };

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/**
 * The demo shop and a member of staff for the board, put in with the tenant CLI of the same
 * build (a production server seeds no demo owner), before any server opens the database.
 */
async function prepareShop(serverMain, { dataDir, databaseUrl = '', email }) {
  const cli = join(dirname(serverMain), 'cli/tenant.js');
  const demo = join(dirname(serverMain), '..', 'src/db/seed/demo/tenant.json');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'development',
  };
  await run(process.execPath, [cli, 'import', demo], env);
  await run(
    process.execPath,
    [cli, 'add-staff', 'demo', email, '--role', 'owner', '--name', 'Bench Board'],
    env,
  );
}

/** Signs the board's member of staff in as the staff application does: a code by e-mail. */
async function signInStaff(url, mailbox, email) {
  const headers = { 'content-type': 'application/json', origin: url };
  const asked = await fetch(`${url}/api/admin/session/code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`staff code: ${asked.status} ${await asked.text()}`);
  const otp = await mailbox.codeFor(email);
  const signedIn = await fetch(`${url}/api/admin/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, otp }),
  });
  if (!signedIn.ok) throw new Error(`staff sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers.getSetCookie().find((c) => c.includes('='));
  if (!cookie) throw new Error('staff sign-in set no cookie');
  return cookie.split(';')[0];
}

/**
 * A staff board: GET /api/admin/events read with fetch, frames parsed as EventSource parses
 * them. Keeps every `order.created` arrival (performance.now()) by order id, so a repeat is
 * seen; reconnects with Last-Event-ID if the stream ends, as a browser would.
 */
function openBoard(url, cookie) {
  const arrivals = new Map();
  const waiters = new Map();
  let lastEventId;
  let closed = false;
  let controller;
  let reconnects = 0;
  let resolveReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    setTimeout(() => reject(new Error('the board got no ready event in 10 s')), 10_000).unref();
  });

  const onFrame = (frame) => {
    let id;
    let event = 'message';
    const data = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (id !== undefined) lastEventId = id;
    if (event === 'ready') resolveReady();
    if (event !== 'order.created') return;
    const now = performance.now();
    const orderId = JSON.parse(data.join('\n')).entity_id;
    const times = arrivals.get(orderId) ?? [];
    times.push(now);
    arrivals.set(orderId, times);
    waiters.get(orderId)?.(now);
    waiters.delete(orderId);
  };

  const connect = async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const res = await fetch(`${url}/api/admin/events`, {
          headers: {
            accept: 'text/event-stream',
            cookie,
            ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
          },
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(`GET /api/admin/events answered ${res.status}`);
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            onFrame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch (error) {
        if (closed) return;
        if (!lastEventId) throw error;
      }
      if (closed) return;
      reconnects += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  };
  const done = connect();
  done.catch(() => {});

  return {
    ready: Promise.race([ready, done.then(() => Promise.reject(new Error('board closed')))]),
    arrivals,
    get reconnects() {
      return reconnects;
    },
    /** When the order's event arrived (performance.now()), waiting up to `ms`; null if never. */
    arrival(orderId, ms) {
      const seen = arrivals.get(orderId);
      if (seen) return Promise.resolve(seen[0]);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(orderId);
          resolve(null);
        }, ms);
        waiters.set(orderId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    async close() {
      closed = true;
      controller?.abort();
      await done.catch(() => {});
    },
  };
}

/** The order prepareOrder built (a delivery slot, three dishes with choices), paid in cash. */
async function cashOrder(url, mailbox) {
  const prepared = await prepareOrder(url, mailbox);
  return { token: prepared.token, body: { ...prepared.body, payment_method: 'cash' } };
}

async function placeOrder(url, order) {
  const res = await fetch(`${url}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${order.token}` },
    body: JSON.stringify(order.body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`POST /api/order answered ${res.status}: ${JSON.stringify(json)}`);
  if (json.data.order.status !== 'placed') {
    throw new Error(`the cash order is ${json.data.order.status}, not placed`);
  }
  return json.data.order.id;
}

const round = (ms) => Math.round(ms * 10) / 10;
function percentile(sorted, p) {
  if (!sorted.length) return null;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.length ? round(sorted.at(-1)) : null,
  };
}

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
 * overlap); at each of KILL_AT orders every LISTEN backend of the database is terminated.
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
      if (KILL_AT.includes(i)) {
        const { rows } = await admin.query(
          `select pid, pg_terminate_backend(pid) as done from pg_stat_activity
            where datname = $1 and query ilike 'listen%'`,
          [database],
        );
        const kill = {
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
      kills: kills.map(({ atOrder, terminated, backAfterMs }) => ({
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

const stop = async (server) => {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
};

/** PGlite: one process, the board and the orders on it. */
async function benchPglite(serverMain, mailbox) {
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-live-'));
  let server;
  let board;
  try {
    const email = boardEmail();
    await prepareShop(serverMain, { dataDir, email });
    server = await startServery(dataDir, { smtpUrl: mailbox.url });
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
    return {
      database: `PostgreSQL ${database.version.split(' ')[0]}`,
      processes: 2,
      latency,
      termination,
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
      killAt: KILL_AT,
      settleMs: SETTLE_MS,
    },
  };
}

const ms = (value) => (value === null ? 'n/a' : `${value}`);
const p95Note = (p95) => {
  if (p95 === null) return '';
  if (p95 > LIVE_EVENTS_GOALS.p95Ms) return ` (above the goal, ${LIVE_EVENTS_GOALS.p95Ms})`;
  if (p95 > LIVE_EVENTS_GOALS.aimP95Ms) return ` (above the aim, ${LIVE_EVENTS_GOALS.aimP95Ms})`;
  return '';
};
const mustBeZero = (count) => `${count}${count ? ' (goal 0)' : ''}`;

function latencyRow(run) {
  if (run.skipped) return `| ${run.database} | skipped: ${run.skipped} | | | | | | | | |`;
  if (run.failure) return `| ${run.database} | failed (see below) | | | | | | | | |`;
  const { fromSend: s, fromAnswer: a } = run.latency;
  const where = run.processes === 2 ? 'orders on one, board on the other' : 'one process';
  return `| ${run.database} | ${run.processes} (${where}) | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)}${p95Note(s.p95)} | ${ms(s.max)} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.max)} | ${mustBeZero(run.latency.missed)} / ${mustBeZero(run.latency.duplicated)} |`;
}

function terminationSection(result) {
  const run = result.runs.find((r) => r.termination);
  if (!run) {
    const pgRun = result.runs.find((r) => r.database.startsWith('PostgreSQL'));
    return `Not measured: ${pgRun?.skipped ?? pgRun?.failure ?? 'no PostgreSQL run'}.\n`;
  }
  const t = run.termination;
  const kills = t.kills
    .map(
      (k) =>
        `before order ${k.atOrder + 1}: ${k.terminated} backend(s) terminated, as many listening again after ${k.backAfterMs ?? 'more than 30 000'} ms`,
    )
    .join('; ');
  const list = (orders) => (orders.length ? ` (orders ${orders.join(', ')})` : '');
  return `${t.orders} cash orders on the first process of the ${run.database} pair, one started every ${t.paceMs} ms without
waiting for the one before (so some overlap), the board on the second process. Every backend of
the bench database whose last query is a \`LISTEN\` (\`select pg_terminate_backend(pid) from
pg_stat_activity where datname = … and query ilike 'listen%'\`: ${t.listenBackends} before the first kill, the live-events
hub's and the tenant cache's on each process) is terminated ${t.kills.length} times while orders keep coming: ${kills}.
Afterwards every order id is looked up among the board's \`order.created\` events, waiting up to
${result.killRun.settleMs / 1000} s after the last answer and one more second for late repeats.

| orders answered 200 | failed | missed (never on the board) | duplicated (more than once) | latency p50 ms | p95 ms | max ms | board reconnections |
|---:|---:|---:|---:|---:|---:|---:|---:|
| ${t.placed} | ${t.failures} | ${mustBeZero(t.missed)}${list(t.missedOrders)} | ${mustBeZero(t.duplicated)}${list(t.duplicatedOrders)} | ${ms(t.latency.p50)} | ${ms(t.latency.p95)} | ${ms(t.latency.max)} | ${t.boardReconnects} |
${t.failure ? `\n- A failing order answered: ${t.failure}\n` : ''}`;
}

/**
 * The "Live events" section of bench/RESULTS.md; `header` (machine, date, command) is given when
 * the section is written by a run of its own (`npm run bench -- --live-events`).
 */
export function liveEventsSection(result, header = '') {
  const failures = result.runs
    .filter((r) => r.failure)
    .map((r) => `- ${r.database} failed: ${r.failure.replace(/\s+/g, ' ')}`);
  return `## Live events on the order desk

${header}A board is a member of staff signed in as the staff application signs in (an owner added with
the tenant CLI of the same build, the code e-mailed to an SMTP server in the bench process) and
reading \`GET /api/admin/events\` with Node's fetch, parsing the Server-Sent Events as
EventSource does. Orders are the customer's order of "Placing orders" paid in cash, so each
becomes \`placed\` in its request and writes an \`order.created\` event; the board matches events to
orders by entity id. PostgreSQL: a fresh database, two Servery processes from the build on it,
the orders sent to the first and the board on the second, so every event crosses from one
process to the other through NOTIFY. PGlite: one process, the board on it too.

### New order to the board

${result.latencyOrders} orders one after the other, each waiting for its event before the next is sent.
"From the request" is from just before \`POST /api/order\` is sent to the event's arrival on the
board (so it includes placing the order); "from the answer" is from the POST's answer to the
event (negative would mean the event came first). Goal p95 at most ${LIVE_EVENTS_GOALS.p95Ms} ms, aim ${LIVE_EVENTS_GOALS.aimP95Ms} ms;
recorded, not asserted.

| database | processes | orders | from the request p50 ms | p95 ms | max ms | from the answer p50 ms | p95 ms | max ms | missed / duplicated |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|
${result.runs.map(latencyRow).join('\n')}
${failures.length ? `\n${failures.join('\n')}\n` : ''}
### The LISTEN connection terminated mid-run (PostgreSQL)

${terminationSection(result)}`;
}

// A member of staff's board for the benches: the demo shop and its staff put in with the tenant
// CLI, the staff sign-in by e-mailed code, a board reading GET /api/admin/events as EventSource
// does, and the cash order the boards are timed with.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getBytes, readStream } from './http-client.mjs';
import { prepareOrder } from './orders.mjs';

/** The board's member of staff: an address of its own per run, so the mailbox has one code. */
export const boardEmail = () => `bench-board-${randomBytes(4).toString('hex')}@tandoor-lane.test`;

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
export async function prepareShop(serverMain, { dataDir, databaseUrl = '', email }) {
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
export async function signInStaff(url, mailbox, email) {
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
  // The session, not the readable hint set beside it (decision 83).
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.includes('=') && !c.includes('servery_staff_signed_in'));
  if (!cookie) throw new Error('staff sign-in set no cookie');
  return cookie.split(';')[0];
}

/**
 * A staff board: GET /api/admin/events read with node:http (bench/http-client.mjs), frames
 * parsed as EventSource parses them. Keeps every `order.created` arrival (performance.now())
 * by order id, so a repeat is seen; reconnects with Last-Event-ID if the stream ends, as a
 * browser would.
 */
export function openBoard(url, cookie, { refetch = null } = {}) {
  const arrivals = new Map();
  const waiters = new Map();
  let lastEventId;
  let closed = false;
  let stream;
  let reconnects = 0;
  let resolveReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    setTimeout(() => reject(new Error('the board got no ready event in 10 s')), 10_000).unref();
  });

  // `refetch`: the board reads orders on each order event as the staff application does.
  // 'named' (the desk now, desk-refresh.ts): the orders 150 ms of events name, at most 50 a read;
  // 'all' (the desk before decision 59): the first page of every open order again. One request
  // at a time; events during it go into the next, as the desk does.
  const fetches = { count: 0, bytes: 0, failed: 0, running: false, named: new Set(), all: false };
  const readOrders = async () => {
    fetches.running = true;
    while (!closed && (fetches.all || fetches.named.size > 0)) {
      let query = 'limit=200';
      if (refetch === 'named') {
        // The desk gathers 150 ms of events into one read (GATHER_MS in desk-refresh.ts).
        await new Promise((resolve) => setTimeout(resolve, 150));
        const ids = [...fetches.named].slice(0, 50);
        for (const id of ids) fetches.named.delete(id);
        query = `ids=${ids.join(',')}&limit=${ids.length}`;
      } else {
        fetches.all = false;
        fetches.named.clear();
      }
      try {
        const res = await getBytes(`${url}/api/admin/orders?${query}`, { cookie });
        fetches.count += 1;
        fetches.bytes += res.bytes;
        if (res.status !== 200) fetches.failed += 1;
      } catch {
        fetches.failed += 1;
      }
    }
    fetches.running = false;
  };
  const orderEvent = (orderId) => {
    if (refetch === 'all') fetches.all = true;
    else fetches.named.add(orderId);
    if (!fetches.running) void readOrders();
  };

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
    if (!event.startsWith('order.')) return;
    const orderId = JSON.parse(data.join('\n')).entity_id;
    if (refetch) orderEvent(orderId);
    if (event !== 'order.created') return;
    const now = performance.now();
    const times = arrivals.get(orderId) ?? [];
    times.push(now);
    arrivals.set(orderId, times);
    waiters.get(orderId)?.(now);
    waiters.delete(orderId);
  };

  const connect = async () => {
    while (!closed) {
      let buffer = '';
      const headers = {
        accept: 'text/event-stream',
        cookie,
        ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
      };
      try {
        stream = readStream(`${url}/api/admin/events`, headers, (text) => {
          buffer += text.replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            onFrame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        await stream.done;
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
    /** With `refetch`: the reads of orders made, and the bytes their answers took. */
    get fetches() {
      return { count: fetches.count, bytes: fetches.bytes, failed: fetches.failed };
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
      await stream?.close();
      await done.catch(() => {});
    },
  };
}

/** The order prepareOrder built (a delivery slot, three dishes with choices), paid in cash. */
export async function cashOrder(url, mailbox) {
  const prepared = await prepareOrder(url, mailbox);
  return {
    token: prepared.token,
    body: { ...prepared.body, payment_method: 'cash' },
    userData: prepared.userData,
    lines: prepared.lines,
  };
}

export async function placeOrder(url, order) {
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

export const round = (ms) => Math.round(ms * 10) / 10;
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? round(sorted.at(-1)) : null,
  };
}

export const stop = async (server) => {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
};

// The floor under a Friday service's CPU per order on this machine (issue 33), on the Friday
// bench's clock: the order, sent to two processes in turn, and its accept on the other process
// ACCEPT_DELAY_MS after its answer, each answered with the bytes Servery answered the order with.
// - The bare floor: two bare node:http processes (bench/bare-server.mjs). No database, no
//   boards, no messages: what the machine charges a process for taking a request at that rate.
//   On a virtual machine that charge depends on the rate (a process woken from idle for each
//   request runs on cold caches), so Servery's figure is read against the floor at its rate.
// - The skeleton: two processes of bench/skeleton-server.mjs on PostgreSQL, with the round trips
//   and wakes of an order and none of its work (two statements per order and per accept, each
//   change's NOTIFY heard by both and written to two event streams on each, an outbox run of
//   two statements per 20 ms of writes). Servery less the skeleton is what its own work costs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBare, stop, waitForLine } from './api.mjs';
import { cpuSeconds } from './cpu-and-waits.mjs';
import { postJson, readStream } from './http-client.mjs';
import { ACCEPT_DELAY_MS } from './friday-load.mjs';

const TICK_MS = 5;
const ACCEPT_PATH = '/api/admin/orders/floor/status';
const STREAMS_PER_PROCESS = 2;

async function post(url, path, body) {
  const { status } = await postJson(url + path, {}, body);
  if (status < 200 || status > 299) {
    throw new Error(`the floor's server answered ${status} to ${path}`);
  }
}

/** An event stream read to its end and dropped, as a board would read it; `close()` ends it. */
function openStream(url) {
  const stream = readStream(`${url}/events`, {}, () => {});
  stream.done.catch(() => {});
  return { close: () => stream.close() };
}

async function startSkeleton(dir, name, settings) {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(settings));
  const child = spawn(process.execPath, ['bench/skeleton-server.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${await waitForLine(child)}`;
  return { child, url, pid: child.pid };
}

/** The steps of `rates` on `servers`; each: the CPU both used, in ms per order. */
async function stepsOn(servers, { rates, seconds, orderBody }) {
  const order = JSON.stringify(orderBody);
  const accept = JSON.stringify({ status: 'accepted', minutes: 20 });
  const pending = [];
  const steps = [];
  // Fifty orders on each first, not counted.
  for (const server of servers)
    for (let i = 0; i < 50; i++) await post(server.url, '/api/order', order);
  let n = 0;
  for (const rate of rates) {
    const before = servers.map((s) => cpuSeconds([s.pid]));
    const started = performance.now();
    const count = Math.round(rate * seconds);
    for (let sent = 0; sent < count;) {
      const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; sent < due; sent++, n++) {
        const here = servers[n % 2];
        const other = servers[(n + 1) % 2];
        pending.push(
          post(here.url, '/api/order', order).then(async () => {
            await new Promise((resolve) => setTimeout(resolve, ACCEPT_DELAY_MS));
            await post(other.url, ACCEPT_PATH, accept);
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const cpu = servers.map((s, i) => cpuSeconds([s.pid]) - before[i]);
    const perOrder = (s) => Math.round((s / count) * 1e5) / 100;
    steps.push({
      rate,
      cpuMsPerOrder: cpu.map(perOrder),
      cpuMsPerOrderTotal: perOrder(cpu[0] + cpu[1]),
    });
  }
  await Promise.all(pending);
  return steps;
}

/**
 * The bare floor and the skeleton (on `databaseUrl`), each one step per rate (orders a second),
 * `seconds` long, back to back; `answer` is the body Servery sent for `orderBody`.
 */
export async function floorSteps({ rates, seconds, orderBody, answer, databaseUrl }) {
  const dir = mkdtempSync(join(tmpdir(), 'servery-bench-floor-'));
  const running = [];
  const streams = [];
  try {
    const route = { status: 200, headers: { 'content-type': 'application/json' }, body: answer };
    const recorded = { 'POST /api/order': route, [`POST ${ACCEPT_PATH}`]: route };
    const bare = [await startBare(recorded, dir), await startBare(recorded, dir)];
    running.push(...bare);
    const bareSteps = await stepsOn(bare, { rates, seconds, orderBody });
    for (const server of bare) await stop(server);
    running.length = 0;

    const skeleton = [];
    for (const name of ['a', 'b']) {
      skeleton.push(await startSkeleton(dir, name, { answer, databaseUrl }));
    }
    running.push(...skeleton);
    for (const server of skeleton) {
      for (let i = 0; i < STREAMS_PER_PROCESS; i++) streams.push(openStream(server.url));
    }
    const skeletonSteps = await stepsOn(skeleton, { rates, seconds, orderBody });
    return { bare: bareSteps, skeleton: skeletonSteps };
  } finally {
    await Promise.all(streams.map((s) => s.close()));
    for (const server of running) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

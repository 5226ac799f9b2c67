// The floor under a Friday service's CPU per order on this machine (issue 33): two bare
// node:http processes (bench/bare-server.mjs) taking the two requests an order brings, on the
// Friday bench's clock: the order, sent to the two processes in turn, and its accept on the
// other process ACCEPT_DELAY_MS after its answer. Each is answered with the bytes Servery
// answered the order with. No database, no boards, no messages: what is left is what the
// machine charges a process for taking a request at that rate. On a virtual machine that
// charge depends on the rate (a process woken from idle for each request runs on cold caches),
// so Servery's CPU per order is read against the floor at the same rate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBare, stop } from './api.mjs';
import { cpuSeconds } from './cpu-and-waits.mjs';
import { ACCEPT_DELAY_MS } from './friday-load.mjs';

const TICK_MS = 5;
const ACCEPT_PATH = '/api/admin/orders/floor/status';

async function post(url, path, body) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`the bare server answered ${res.status} to ${path}`);
}

/**
 * One step per rate (orders a second), `seconds` long, back to back, on two bare processes
 * answering `answer` (a string: the body Servery sent for an order) to `orderBody` and to an
 * accept. Each step: the CPU both processes used, in ms per order, as the Friday bench counts it.
 */
export async function floorSteps({ rates, seconds, orderBody, answer }) {
  const dir = mkdtempSync(join(tmpdir(), 'servery-bench-floor-'));
  const route = { status: 200, headers: { 'content-type': 'application/json' }, body: answer };
  const recorded = { 'POST /api/order': route, [`POST ${ACCEPT_PATH}`]: route };
  const servers = [await startBare(recorded, dir), await startBare(recorded, dir)];
  const order = JSON.stringify(orderBody);
  const accept = JSON.stringify({ status: 'accepted', minutes: 20 });
  const pending = [];
  const steps = [];
  try {
    // A second of warm-up on each, not counted.
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
  } finally {
    for (const server of servers) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

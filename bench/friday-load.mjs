// The load of a Friday service (bench/friday.mjs): cash collection orders sent on the clock to
// two processes in turn, each timed to its order.created on every board, and accepted by a
// member of staff on the other process some seconds after their board showed it. The rate goes
// up step by step, the steps back to back, until an order's p99 passes the limit.
import { performance } from 'node:perf_hooks';
import { cpuSeconds, postgresCpuSeconds } from './cpu-and-waits.mjs';
import { statementFigures } from './friday-statements.mjs';
import { postJson } from './http-client.mjs';
import { summary } from './staff-board.mjs';

/** How long staff take to accept an order after their board shows it. */
export const ACCEPT_DELAY_MS = 2_000;
/** The longest an order's event is waited for on a board before it counts as missed. */
const EVENT_WAIT_MS = 15_000;
/** Orders are sent in bursts of what fell due, one burst every TICK_MS. */
const TICK_MS = 5;

async function post(url, path, headers, body) {
  const { status, json } = await postJson(url + path, headers, JSON.stringify(body));
  if (status < 200 || status > 299) {
    throw new Error(`POST ${path} answered ${status}: ${JSON.stringify(json)}`);
  }
  return json.data;
}

/**
 * One order: placed on `server` by `token`, then timed on each board; the board of `accepter`
 * accepts it ACCEPT_DELAY_MS after it showed it. Everything lands in `record`.
 */
function placeAndFollow({ server, token, body, boards, accepter, record, pending }) {
  record.sent = performance.now();
  const placed = post(server.url, '/api/order', { authorization: `Bearer ${token}` }, body).then(
    (data) => {
      record.answered = performance.now();
      if (data.order.status !== 'placed') throw new Error(`the order is ${data.order.status}`);
      record.id = data.order.id;
      return Promise.all(boards.map((board, i) => follow(board, i, record, accepter, pending)));
    },
    (error) => {
      record.failure = error.message;
    },
  );
  pending.push(placed);
}

async function follow(board, index, record, accepter, pending) {
  const at = await board.arrival(record.id, EVENT_WAIT_MS);
  record.boards[index] = at === null ? null : at - record.answered;
  if (board !== accepter.board || at === null) return;
  await new Promise((resolve) => setTimeout(resolve, ACCEPT_DELAY_MS));
  const accept = { sent: performance.now() };
  record.accept = accept;
  const headers = { cookie: accepter.cookie, origin: accepter.server.url };
  const done = post(accepter.server.url, `/api/admin/orders/${record.id}/status`, headers, {
    status: 'accepted',
    minutes: 20,
  }).then(
    () => (accept.answered = performance.now()),
    (error) => (accept.failure = error.message),
  );
  pending.push(done);
  await done;
}

/** CPU seconds so far of each server process, PostgreSQL's processes and this one. */
function cpuNow(servers) {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    servers: servers.map((s) => cpuSeconds([s.pid])),
    postgres: postgresCpuSeconds(),
    bench: (own.user + own.system) / 1e6,
  };
}

/**
 * Steps of `rates` (orders a second), each `seconds` long, back to back. After a step whose
 * answered orders' p99 passed `p99LimitMs` the load stops. `order(i)` gives the i-th order's
 * customer token and body; `accepters[s]` accepts the orders placed on server s. `statements`
 * (bench/friday-statements.mjs), when given, times PostgreSQL's statements step by step.
 */
export async function runSteps(run) {
  const { servers, boards, accepters, order, rates, seconds, p99LimitMs, statements } = run;
  const pending = [];
  const steps = [];
  let n = 0;
  for (const rate of rates) {
    const records = [];
    await statements?.reset();
    const before = cpuNow(servers);
    const fetchesBefore = boardFetches(boards);
    const started = performance.now();
    const count = Math.round(rate * seconds);
    let lateStarts = 0;
    for (let sentHere = 0; sentHere < count;) {
      const dueNow = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      if (dueNow - sentHere > 1 + rate * (TICK_MS / 1000) * 2) lateStarts += 1;
      for (; sentHere < dueNow; sentHere++, n++) {
        const s = n % servers.length;
        const record = { step: rate, boards: [] };
        records.push(record);
        placeAndFollow({
          server: servers[s],
          ...order(n),
          boards,
          accepter: accepters[s],
          record,
          pending,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const after = cpuNow(servers);
    const fetchesAfter = boardFetches(boards);
    const statementRows = await statements?.read();
    const answered = records.filter((r) => r.answered !== undefined);
    const answers = summary(answered.map((r) => r.answered - r.sent));
    steps.push({
      rate,
      records,
      before,
      after,
      statementRows,
      lateStarts,
      seconds: (after.at - before.at) / 1000,
      fetches: {
        count: fetchesAfter.count - fetchesBefore.count,
        bytes: fetchesAfter.bytes - fetchesBefore.bytes,
        failed: fetchesAfter.failed - fetchesBefore.failed,
      },
    });
    if (answers.p99 !== null && answers.p99 > p99LimitMs) break;
    // Orders still unanswered at the end of the step are as telling as slow ones.
    if (answered.length < records.length * 0.9) break;
  }
  // Each order's promise settles once its boards have shown it and its accept is answered.
  await Promise.all(pending);
  return steps.map(stepFigures(servers.length));
}

/** The open orders the boards asked for again so far (FRIDAY_BOARDS_REFETCH), summed. */
function boardFetches(boards) {
  const sum = { count: 0, bytes: 0, failed: 0 };
  for (const board of boards) {
    const fetches = board.fetches;
    sum.count += fetches.count;
    sum.bytes += fetches.bytes;
    sum.failed += fetches.failed;
  }
  return sum;
}

const perOrderMs = (seconds, orders) =>
  orders ? Math.round((seconds / orders) * 1e5) / 100 : null;

function stepFigures(serverCount) {
  return (step) => {
    const { records, before, after } = step;
    const answered = records.filter((r) => r.answered !== undefined);
    const boardTimes = answered.flatMap((r) =>
      r.boards.filter((t) => t !== null && t !== undefined),
    );
    const missed = answered.reduce((sum, r) => sum + r.boards.filter((t) => t === null).length, 0);
    const accepts = records.map((r) => r.accept).filter(Boolean);
    const cpu = [...Array(serverCount).keys()].map((i) => after.servers[i] - before.servers[i]);
    return {
      rate: step.rate,
      seconds: Math.round(step.seconds * 10) / 10,
      orders: records.length,
      answered: answered.length,
      failures: records.filter((r) => r.failure).length,
      failure: records.find((r) => r.failure)?.failure ?? null,
      lateStarts: step.lateStarts,
      achievedPerSecond: Math.round((answered.length / step.seconds) * 10) / 10,
      order: summary(answered.map((r) => r.answered - r.sent)),
      board: summary(boardTimes),
      boardMissed: missed,
      accept: summary(accepts.filter((a) => a.answered).map((a) => a.answered - a.sent)),
      acceptFailures: accepts.filter((a) => a.failure).length,
      acceptFailure: accepts.find((a) => a.failure)?.failure ?? null,
      cpuMsPerOrder: cpu.map((seconds) => perOrderMs(seconds, answered.length)),
      cpuMsPerOrderTotal: perOrderMs(
        cpu.reduce((a, b) => a + b, 0),
        answered.length,
      ),
      serverCores: cpu.map((seconds) => Math.round((seconds / step.seconds) * 100) / 100),
      postgresCores:
        before.postgres === null || after.postgres === null
          ? 'n/a'
          : Math.round(((after.postgres - before.postgres) / step.seconds) * 100) / 100,
      benchCores: Math.round(((after.bench - before.bench) / step.seconds) * 100) / 100,
      statements: step.statementRows ? statementFigures(step.statementRows, answered.length) : null,
      boardFetches: step.fetches.count
        ? {
            perOrder: Math.round((step.fetches.count / Math.max(1, answered.length)) * 100) / 100,
            kbEach: Math.round(step.fetches.bytes / step.fetches.count / 100) / 10,
            failed: step.fetches.failed,
          }
        : null,
    };
  };
}

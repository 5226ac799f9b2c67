// The order desk under load (issue 19): cash orders sent at a steady 50 a second to the first
// of two Servery processes on PostgreSQL, each timed from its request to its order.created on a
// board reading the second process's stream.
import { performance } from 'node:perf_hooks';
import { placeOrder, summary } from './staff-board.mjs';

/** 50 orders a second for 20 s, started on the clock whether or not earlier ones are answered. */
export const RATE_RUN = { perSecond: 50, seconds: 20, settleMs: 10_000 };
const GOALS = { p95Ms: 2000, aimP95Ms: 200 };

/** Orders at RATE_RUN's pace on `orderUrl`, each timed to its event on `board`. */
export async function measureRate(orderUrl, order, board) {
  const count = RATE_RUN.perSecond * RATE_RUN.seconds;
  const pace = 1000 / RATE_RUN.perSecond;
  const placed = [];
  const failures = [];
  const inFlight = [];
  const started = performance.now();
  let lateStarts = 0;
  for (let i = 0; i < count; i++) {
    const due = started + i * pace;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -pace) lateStarts += 1;
    const sent = performance.now();
    inFlight.push(
      placeOrder(orderUrl, order).then(
        (id) => placed.push({ id, sent, answered: performance.now() }),
        (error) => failures.push(error.message),
      ),
    );
  }
  await Promise.all(inFlight);
  const sentSeconds = (performance.now() - started) / 1000;
  const deadline = performance.now() + RATE_RUN.settleMs;
  await Promise.all(
    placed.map(({ id }) => board.arrival(id, Math.max(0, deadline - performance.now()))),
  );
  const seen = placed.filter(({ id }) => board.arrivals.has(id));
  const first = (id) => board.arrivals.get(id)[0];
  return {
    orders: count,
    placed: placed.length,
    failures: failures.length,
    failure: failures[0] ?? null,
    lateStarts,
    achievedPerSecond: Math.round((placed.length / sentSeconds) * 10) / 10,
    answer: summary(placed.map((o) => o.answered - o.sent)),
    fromSend: summary(seen.map((o) => first(o.id) - o.sent)),
    fromAnswer: summary(seen.map((o) => first(o.id) - o.answered)),
    missed: placed.length - seen.length,
    duplicated: seen.filter(({ id }) => board.arrivals.get(id).length > 1).length,
  };
}

const note = (p95) =>
  p95 === null
    ? ''
    : p95 > GOALS.p95Ms
      ? ` (above the goal, ${GOALS.p95Ms})`
      : p95 > GOALS.aimP95Ms
        ? ` (above the aim, ${GOALS.aimP95Ms})`
        : '';

/** The "at 50 orders a second" part of the live-events section. */
export function rateSection(result) {
  const run = result.runs.find((r) => r.rate);
  const { perSecond, seconds, settleMs } = RATE_RUN;
  const head = `### ${perSecond} orders a second (PostgreSQL, two processes)\n\n`;
  if (!run) {
    const pgRun = result.runs.find((r) => r.database.startsWith('PostgreSQL'));
    return `${head}Not measured: ${pgRun?.skipped ?? pgRun?.failure ?? 'no PostgreSQL run'}.\n`;
  }
  const r = run.rate;
  const row = (name, s) =>
    `| ${name} | ${s.count} | ${s.p50} | ${s.p95}${name.startsWith('request') ? note(s.p95) : ''} | ${s.p99} | ${s.max} |`;
  return `${head}${r.orders} cash orders on the first process of the ${run.database} pair, one started every
${1000 / perSecond} ms on the clock for ${seconds} s (not waiting for earlier answers; ${r.lateStarts} started more than one interval
late), the same board on the second process. ${r.placed} were answered 200 at ${r.achievedPerSecond} a second; the board
is waited on for ${settleMs / 1000} s after the last answer. Goal p95 from the request at most ${GOALS.p95Ms} ms,
aim ${GOALS.aimP95Ms} ms.

| measured | orders | p50 ms | p95 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|---:|
${row('request to the event on the board', r.fromSend)}
${row('answer to the event on the board', r.fromAnswer)}
${row('request to its answer (POST /api/order)', r.answer)}

- Failed: ${r.failures}${r.failure ? ` (${r.failure.replace(/\s+/g, ' ')})` : ''}; missed on the board: ${r.missed}; duplicated: ${r.duplicated}.
`;
}

// The "Friday service" section of bench/RESULTS.md (bench/friday.mjs's figures).
import { ACCEPT_DELAY_MS } from './friday-load.mjs';
import { PARTS } from './friday-profile.mjs';

const ACCEPT_DELAY_S = ACCEPT_DELAY_MS / 1000;

const GOALS = { cpuMsPerOrder: 1.5, rate: 300, p99Ms: 200, boardP99Ms: 250, boardAt: 50 };

function stepRow(step) {
  const cpu = step.cpuMsPerOrder.map((ms) => ms ?? 'n/a').join(' + ');
  const failed = step.failures + step.acceptFailures;
  return `| ${step.rate} | ${step.achievedPerSecond} | ${step.order.p50} | ${step.order.p99} | ${step.board.p50} | ${step.board.p99} | ${step.accept.p50 ?? 'n/a'} / ${step.accept.p99 ?? 'n/a'} | ${cpu} = ${step.cpuMsPerOrderTotal ?? 'n/a'} | ${step.serverCores.join(' + ')} | ${step.postgresCores} | ${step.benchCores} | ${failed}${step.boardMissed ? `; ${step.boardMissed} missed on a board` : ''} |`;
}

function partsTable(profiles) {
  const parts = [...PARTS.map(([name]) => name), 'garbage collector', 'other'];
  const rows = parts.map(
    (part) => `| ${part} | ${profiles.map((p) => `${p.shares[part]} %`).join(' | ')} |`,
  );
  return [
    `| part | ${profiles.map((_, i) => `process ${i + 1}`).join(' | ')} |`,
    `|---|${profiles.map(() => '---:').join('|')}|`,
    ...rows,
    `| busy CPU in the window | ${profiles.map((p) => `${p.busySeconds} s`).join(' | ')} |`,
  ].join('\n');
}

/** The floor's figure at `rate`, or null (bench/friday-floor.mjs). */
const floorAt = (steps, rate) =>
  steps?.find((step) => step.rate === rate)?.cpuMsPerOrderTotal ?? null;

/** Whether each goal was met, in the run given; the CPU read beside the floor when there is one. */
export function goalsOf(run, floor = null) {
  const within = run.steps.filter((s) => s.order.p99 !== null && s.order.p99 <= GOALS.p99Ms);
  const best = within.reduce(
    (top, s) => (s.achievedPerSecond > (top?.achievedPerSecond ?? 0) ? s : top),
    null,
  );
  const at50 = run.steps.find((s) => s.rate === GOALS.boardAt);
  const cheapest = run.steps
    .filter((s) => s.cpuMsPerOrderTotal !== null)
    .reduce((low, s) => (low && low.cpuMsPerOrderTotal <= s.cpuMsPerOrderTotal ? low : s), null);
  const lowest = cheapest?.cpuMsPerOrderTotal ?? null;
  const under = floorAt(floor?.bare, cheapest?.rate);
  const skeleton = floorAt(floor?.skeleton, cheapest?.rate);
  const times = (ms) => Math.round((lowest / ms) * 10) / 10;
  const beside =
    (under === null
      ? ''
      : `; at that rate the bare floor ${under} ms (Servery ${times(under)} times it)`) +
    (skeleton === null ? '' : ` and the skeleton ${skeleton} ms (${times(skeleton)} times)`);
  return [
    `- Server CPU per order, both processes: lowest ${lowest ?? 'n/a'} ms${cheapest ? ` (the ${cheapest.rate}/s step${beside})` : ''} (goal ≤ ${GOALS.cpuMsPerOrder}): ${lowest !== null && lowest <= GOALS.cpuMsPerOrder ? 'met' : 'not met'}.`,
    `- Orders a second with p99 ≤ ${GOALS.p99Ms} ms: ${best ? `${best.achievedPerSecond} (the ${best.rate}/s step, p99 ${best.order.p99} ms)` : 'none'} (goal ≥ ${GOALS.rate}): ${best && best.achievedPerSecond >= GOALS.rate * 0.97 ? 'met' : 'not met'}.`,
    `- Board latency p99 at ${GOALS.boardAt} orders/s: ${at50 ? `${at50.board.p99} ms` : 'not reached'} (goal ≤ ${GOALS.boardP99Ms}): ${at50 && at50.board.p99 <= GOALS.boardP99Ms ? 'met' : 'not met'}.`,
  ].join('\n');
}

function statementsLine(run) {
  if (!run.statements) return '';
  const top = run.statements.top.map((t) => `${t.perOrder} × \`${t.text}\``).join('; ');
  return `- SQL statements sent by both processes over the load window, per order answered (its accept,
  boards, outbox and sweepers included): ${run.statements.perOrder}. Most sent, per order: ${top}.
`;
}

/** PostgreSQL's time by statement at the run's first step, and its total at every step. */
function sqlTimesSection(run) {
  if (run.sqlTimesUnavailable)
    return `\nPostgreSQL's time by statement: not measured, ${run.sqlTimesUnavailable}.\n`;
  const first = run.steps.find((step) => step.statements);
  if (!first) return '';
  const rows = first.statements.statements.map(
    (s) =>
      `| \`${s.name}\` | ${s.calls} | ${s.msPerCall} | ${s.ms} | ${s.buffersPerCall} | ${s.walBytesPerCall} |`,
  );
  const totals = run.steps
    .filter((step) => step.statements)
    .map((step) => `${step.rate}/s ${step.statements.msPerOrder} ms`)
    .join('; ');
  return `
PostgreSQL's own time inside each statement (pg_stat_statements: execution, not the round trip
or the commit), per order answered, at the ${first.rate}/s step; buffers are pages read or found in
PostgreSQL's cache:

| statement | calls per order | ms per call | ms per order | buffers per call | WAL bytes per call |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

PostgreSQL's statement time per order at each step: ${totals}.
`;
}

/** What the boards read on order events besides the stream (FRIDAY_BOARDS_READ), by step. */
function boardReadsLine(run) {
  if (!run.boardsRead || run.boardsRead === 'none') {
    return '- The boards read the stream alone (`FRIDAY_BOARDS_READ=none`).\n';
  }
  const steps = run.steps
    .filter((step) => step.boardFetches)
    .map(
      (step) =>
        `${step.rate}/s ${step.boardFetches.perOrder} per order, ${step.boardFetches.kbEach} KB each${step.boardFetches.failed ? `, ${step.boardFetches.failed} failed` : ''}`,
    );
  const what =
    run.boardsRead === 'all'
      ? 'every open order again, as the desk did before decision 59 (`GET /api/admin/orders?limit=200`)'
      : 'the orders 150 ms of events named, as the desk does (`GET /api/admin/orders?ids=…`, decision 59)';
  return `- On each order event every board read ${what}, brotli accepted, one request at a time
  (events meanwhile go into the next): ${steps.join('; ') || 'none'}.
`;
}

function runSection(run, measured) {
  if (run.skipped || run.failure)
    return `### ${run.label}\n\nNot measured: ${run.skipped ?? run.failure}\n`;
  const others = (run.profiles ?? [])
    .map(
      (p, i) =>
        `- Process ${i + 1}, busiest functions left in "other" (self time): ${p.top.join('; ')}.`,
    )
    .join('\n');
  return `### ${run.label}

${run.database}; the order: ${run.order.lines} dishes with choices from ${run.order.store}, collected, cash
(£${(run.order.total / 100).toFixed(2)}).

| orders/s asked | achieved | order p50 ms | order p99 ms | board p50 ms | board p99 ms | accept p50 / p99 ms | server CPU ms per order (process 1 + 2) | server cores | PostgreSQL cores | bench cores | failed |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${run.steps.map(stepRow).join('\n')}

${goalsOf(run, measured.floor)}
${boardReadsLine(run)}${statementsLine(run)}${sqlTimesSection(run)}

${
  run.profiles
    ? `Share of each process's busy CPU over the load window (all steps), from its CPU profile
(sampled every ${measured.profileIntervalUs} µs):

${partsTable(run.profiles)}

${others}`
    : 'No profiler and no statement counter in the servers in this run (`FRIDAY_PROFILE=off`).'
}
`;
}

/** One line per build: the figures of a step every build reached, and the best rate within p99. */
function comparison(runs) {
  const measured = runs.filter((run) => run.steps);
  if (measured.length < 2) return '';
  const rates = [...new Set(measured.flatMap((run) => run.steps.map((s) => s.rate)))].slice(0, 4);
  const rows = measured.map((run) => {
    const at = (rate) => run.steps.find((s) => s.rate === rate);
    const cell = (rate) => {
      const s = at(rate);
      const sql = s?.statements ? `, SQL ${s.statements.msPerOrder} ms` : '';
      return s
        ? `${s.cpuMsPerOrderTotal} ms, p99 ${s.order.p99} ms, board p99 ${s.board.p99} ms${sql}`
        : 'not reached';
    };
    const within = run.steps.filter((s) => s.order.p99 !== null && s.order.p99 <= GOALS.p99Ms);
    const best = Math.max(0, ...within.map((s) => s.achievedPerSecond));
    return `| ${run.label} | ${run.statements?.perOrder ?? 'n/a'} | ${rates.map(cell).join(' | ')} | ${best} |`;
  });
  return `Builds compared in this run, one after the other (server CPU per order over both processes, order p99, board p99${measured.some((run) => run.steps.some((s) => s.statements)) ? ", PostgreSQL's statement time per order" : ''}):

| build | SQL statements per order | ${rates.map((r) => `at ${r} orders/s`).join(' | ')} | best orders/s with p99 ≤ ${GOALS.p99Ms} ms |
|---|---:|${rates.map(() => '---').join('|')}|---:|
${rows.join('\n')}

`;
}

/** The floor's table: what the bare processes and the skeleton cost per order at each rate. */
function floorSection(floor) {
  if (!floor) return '';
  const row = (label, steps) =>
    `| ${label} | ${steps.map((step) => `${step.cpuMsPerOrder.join(' + ')} = ${step.cpuMsPerOrderTotal}`).join(' | ')} |`;
  return `The floor (bench/friday-floor.mjs), after the builds, on the same clock (the order to each of two
processes in turn, its accept on the other ${ACCEPT_DELAY_S} s later), every request answered with the bytes Servery
answered the order with. The bare floor: two bare node:http processes, nothing else. The
skeleton (bench/skeleton-server.mjs): two node:http processes on PostgreSQL making an order's
round trips and wakes with none of its work: two trivial statements per order and per accept
(the second a NOTIFY), each NOTIFY heard by both processes and written to the two event streams
open on each, an outbox run of two statements 20 ms after a write. Server CPU per order (process
1 + 2), counted as above:

| orders/s | ${floor.bare.map((step) => step.rate).join(' | ')} |
|---|${floor.bare.map(() => '---:').join('|')}|
${row('bare floor, ms per order', floor.bare)}
${row('skeleton, ms per order', floor.skeleton)}

`;
}

export function fridaySection(measured, header = '', title = 'A Friday service') {
  return `## ${title}

${header}Two Servery processes (production build, \`NODE_ENV=development\` so that mail and texts go through
the log transport: every message is written to the process's stdout, a file; answers checked
against the contract as in production, \`ANSWER_CHECK=sample\`, decision 60) on one fresh
PostgreSQL database. Four staff boards read \`GET /api/admin/events\` (two on each process, each
its own member of staff). ${measured.customers} signed-in customers place cash collection orders on the
clock, sent to the two processes in turn; each order's confirmation e-mail goes through the
outbox. ${measured.acceptDelayMs / 1000} s after a board of the other process shows an order, its member of staff accepts it
(\`POST /api/admin/orders/{id}/status\`, which queues the customer's "accepted" message). The rate
goes up in steps of ${measured.stepSeconds} s, back to back, until an order's p99 passes ${measured.p99LimitMs} ms.${
    measured.warmupSeconds
      ? ` Before the
steps, ${measured.warmupSeconds} s at the first rate warm the processes up, not counted.`
      : ''
  } Then the database is analysed (\`ANALYZE\`), as autovacuum would have done on a service
running since lunch, so that PostgreSQL plans on the tables' real sizes.

- Board latency: from the order's answer (POST /api/order) to its \`order.created\` on a board,
  over all four boards.
- Server CPU per order: each process's user + system time over the step (/proc/<pid>/stat)
  divided by the orders answered in it; the accepts and boards of the step are part of it.
  Cores: CPU seconds per second. The bench (orders, boards, accepts) runs in one Node process on
  the same two cores. PostgreSQL's cores count every postgres process, and the backends that
  ended during the step (a pool closing an idle connection) through the postmaster.
${
  measured.profileIntervalUs
    ? `- Both processes run under a CPU profiler (bench/profile-window.mjs) for the whole load window;
  a sample goes to the first part with a frame on its stack in the order of the table (so the
  outbox's log line is logging, and the outbox's SQL is the outbox; the driver parsing replies
  with no caller of ours on the stack is "SQL and the db driver", whoever asked).`
    : '- No profiler and no statement counter run in the servers (`FRIDAY_PROFILE=off`): the CPU is theirs alone.'
}

${comparison(measured.runs)}${floorSection(measured.floor)}${measured.runs.map((run) => runSection(run, measured)).join('\n')}`;
}

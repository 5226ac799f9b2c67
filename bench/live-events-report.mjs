// The "Live events on the order desk" section of bench/RESULTS.md.
import { rateSection } from './desk-load.mjs';
import { outageSection } from './live-events-faults.mjs';

export const LIVE_EVENTS_GOALS = { p95Ms: 2000, aimP95Ms: 200 };

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
        `before order ${k.atOrder + 1}, ${k.which === 'pooled' ? 'the pooled backends' : k.which === 'listen' ? 'the LISTEN backends' : 'every backend'}: ${k.terminated} terminated${k.which === 'pooled' ? '' : `, as many listening again after ${k.backAfterMs ?? 'more than 30 000'} ms`}`,
    )
    .join('; ');
  const list = (orders) => (orders.length ? ` (orders ${orders.join(', ')})` : '');
  return `${t.orders} cash orders on the first process of the ${run.database} pair, one started every ${t.paceMs} ms without
waiting for the one before (so some overlap), the board on the second process. Backends of the
bench database are terminated ${t.kills.length} times while orders keep coming (\`select pg_terminate_backend(pid) from
pg_stat_activity where datname = …\`): the LISTEN ones (last query a \`LISTEN\`: ${t.listenBackends} before the first kill,
the live-events hub's and the tenant cache's on each process), the pooled ones (every other: the
requests' connections, cut under orders in flight, which answer 503), or all: ${kills}. "Failed"
counts orders that did not answer 200; missed and duplicated count orders that did.
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
### Backends terminated mid-run (PostgreSQL)

${terminationSection(result)}
### ${result.runs.find((r) => r.outage)?.outage.events ?? 2000} events during a LISTEN outage (PostgreSQL)

${outageSection(result, mustBeZero)}
${rateSection(result)}`;
}

// The database faults the live-events bench adds (issue 27): pooled backends cut as well as
// the LISTEN ones during the order run, and a long LISTEN outage with 2,000 events written in
// it. Measured, not asserted: the figures go into bench/RESULTS.md whatever they are.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { round } from './staff-board.mjs';

/**
 * Before which order of the termination run which backends are cut: `listen` the LISTEN
 * connections, `pooled` every other backend of the bench database (the pools'), `both` all.
 */
export const KILLS = [
  { atOrder: 60, which: 'listen' },
  { atOrder: 120, which: 'pooled' },
  { atOrder: 180, which: 'listen' },
  { atOrder: 240, which: 'both' },
];

/** The bench database's backends a kill of `which` terminates (pid, and whether it went). */
export async function terminate(admin, database, which) {
  const only =
    which === 'pooled'
      ? ` and query not ilike 'listen%'`
      : which === 'listen'
        ? ` and query ilike 'listen%'`
        : '';
  const { rows } = await admin.query(
    `select pid, pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid()${only}`,
    [database],
  );
  return rows;
}

/** Events written while every LISTEN connection is down and cannot come back. */
export const OUTAGE_EVENTS = 2_000;
const OUTAGE_SETTLE_MS = 20_000;

/**
 * The bench database stops taking connections and its LISTEN backends are cut, so no process
 * can listen; a connection opened before writes OUTAGE_EVENTS `order.created` events of the
 * shop (each with its NOTIFY, heard by nobody); then connections are let in again. Each event
 * is looked for on the board: missed, or received more than once.
 */
export async function measureOutage(board, { adminUrl, database, databaseUrl }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  const writer = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await writer.connect();
  try {
    const { rows } = await writer.query(
      `select tenant_id, store_id from orders order by created_at desc limit 1`,
    );
    const tag = `outage-${randomBytes(3).toString('hex')}-`;
    await admin.query(`alter database ${database} allow_connections false`);
    const started = performance.now();
    const cut = await terminate(admin, database, 'listen');
    await writer.query(
      `with written as (
         insert into live_events (tenant_id, store_id, kind, entity_id)
         select $1, $2, 'order.created', $3 || n from generate_series(1, $4::int) n
         returning id)
       select count(pg_notify('servery_live_events', id::text)) from written`,
      [rows[0].tenant_id, rows[0].store_id, tag, OUTAGE_EVENTS],
    );
    const written = performance.now();
    await admin.query(`alter database ${database} allow_connections true`);
    const ids = Array.from({ length: OUTAGE_EVENTS }, (_, i) => `${tag}${i + 1}`);
    const deadline = performance.now() + OUTAGE_SETTLE_MS;
    const arrivals = await Promise.all(
      ids.map((id) => board.arrival(id, Math.max(0, deadline - performance.now()))),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const got = arrivals.filter((at) => at !== null);
    return {
      events: OUTAGE_EVENTS,
      listenBackendsCut: cut.filter((r) => r.done).length,
      writtenInMs: round(written - started),
      missed: ids.filter((id) => !board.arrivals.has(id)).length,
      doubled: ids.filter((id) => board.arrivals.get(id)?.length > 1).length,
      lastArrivedAfterLetInMs: got.length ? round(Math.max(...got) - written) : null,
    };
  } finally {
    await admin.query(`alter database ${database} allow_connections true`).catch(() => {});
    await writer.end().catch(() => {});
    await admin.end();
  }
}

/** The outage's lines in the "Live events" section of bench/RESULTS.md. */
export function outageSection(result, mustBeZero) {
  const run = result.runs.find((r) => r.outage);
  if (!run) return 'Not measured (no PostgreSQL run).\n';
  const o = run.outage;
  return `The bench database stops taking connections (\`alter database … allow_connections false\`) and its
${o.listenBackendsCut} LISTEN backends are terminated, so neither process can listen again; a connection opened
before writes ${o.events} \`order.created\` events of the shop in ${o.writtenInMs} ms (each with its NOTIFY, which nobody
hears); then connections are let in. The board (on the second process) is checked for each event,
waiting up to ${OUTAGE_SETTLE_MS / 1000} s and one more second for repeats.

| events written during the outage | missed | doubled | last one on the board, ms after connections were let in |
|---:|---:|---:|---:|
| ${o.events} | ${mustBeZero(o.missed)} | ${mustBeZero(o.doubled)} | ${o.lastArrivedAfterLetInMs ?? 'n/a'} |
`;
}

// PostgreSQL's own time for each statement of a Friday service's step (bench/friday.mjs), from
// pg_stat_statements when the server has it loaded (`shared_preload_libraries`). The time a
// statement takes inside PostgreSQL, its buffers and its WAL repeat far more closely from run to
// run than the CPU of whole processes, so a change to the SQL or the schema shows in them.
import pg from 'pg';

/** The statements that make up at least this share of a step's time are listed by name. */
const LISTED_SHARE = 0.02;

/**
 * The statement counter for `database` (bench/bench-database.mjs), or `{ unavailable }` with the
 * reason when the server does not collect statistics by statement.
 */
export async function statementStats(database) {
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select setting from pg_settings where name = 'shared_preload_libraries'`,
    );
    if (!/\bpg_stat_statements\b/.test(rows[0]?.setting ?? '')) {
      await client.end();
      return {
        unavailable: 'pg_stat_statements is not loaded (see docs/testing.md "Running a part")',
      };
    }
    try {
      await client.query('create extension if not exists pg_stat_statements');
      await client.query('select pg_stat_statements_reset(0, 0, 0)');
    } catch (error) {
      // Loaded, but this user may not create it or reset it (not a superuser).
      await client.end();
      return { unavailable: `pg_stat_statements could not be used (${error.message})` };
    }
    const oid = await client.query('select oid from pg_database where datname = $1', [
      database.database,
    ]);
    const dbid = oid.rows[0].oid;
    return {
      /** Forgets what the bench database's statements have cost so far. */
      async reset() {
        await client.query('select pg_stat_statements_reset(0, $1, 0)', [dbid]);
      },
      /** What each of its statements cost since the last reset, most time first. */
      async read() {
        const result = await client.query(
          `select query, sum(calls)::float8 as calls, sum(total_exec_time)::float8 as ms,
                  sum(shared_blks_hit + shared_blks_read)::float8 as buffers,
                  sum(wal_bytes)::float8 as wal
             from pg_stat_statements where dbid = $1 group by query order by 3 desc`,
          [dbid],
        );
        return result.rows;
      },
      close: () => client.end(),
    };
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}

const round = (value, places) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * A statement told apart in a few words: `insert into "orders" …`, `update "outbox_messages" set
 * "attempts" …`, `select … from "staff_sessions" …`, a CTE by its first statement.
 */
export function statementName(query) {
  const text = query.replace(/\s+/g, ' ').trim();
  const cte = /^with \w+ as \((.*)$/i.exec(text);
  if (cte) return `with … (${statementName(cte[1]).replace(/ …$/, '')} …)`;
  const update = /^(update "?\w+"? set "?\w+"?)/i.exec(text);
  if (update) return `${update[1]} …`;
  const from = /^select .*? from ("?\w+"?)/i.exec(text);
  if (from) return `select … from ${from[1]} …`;
  const plain = /^((?:insert into|delete from) "?\w+"?)/i.exec(text);
  return plain ? `${plain[1]} …` : `${text.slice(0, 40)} …`;
}

/** A step's statements per order answered: the busiest by name, the rest summed. */
export function statementFigures(rows, orders) {
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  const per = (value, places) => (orders ? round(value / orders, places) : null);
  const figures = (row) => ({
    calls: per(row.calls, 2),
    ms: per(row.ms, 3),
    msPerCall: row.calls ? round(row.ms / row.calls, 3) : null,
    buffersPerCall: row.calls ? round(row.buffers / row.calls, 0) : null,
    walBytesPerCall: row.calls ? round(row.wal / row.calls, 0) : null,
  });
  const listed = rows.filter((row) => row.ms >= total * LISTED_SHARE);
  const rest = rows.filter((row) => row.ms < total * LISTED_SHARE);
  const restSum = rest.reduce(
    (sum, row) => ({
      calls: sum.calls + row.calls,
      ms: sum.ms + row.ms,
      buffers: sum.buffers + row.buffers,
      wal: sum.wal + row.wal,
    }),
    { calls: 0, ms: 0, buffers: 0, wal: 0 },
  );
  return {
    msPerOrder: per(total, 3),
    statements: [
      ...listed.map((row) => ({ name: statementName(row.query), ...figures(row) })),
      ...(rest.length ? [{ name: `${rest.length} others`, ...figures(restSum) }] : []),
    ],
  };
}

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../src/app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { createTestApp, fixtureWebDist } from './test-app.ts';
import { adminQuery, databaseUrl, onPostgres } from './test-database.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/**
 * Two server processes on one database, as production runs them: on PostgreSQL each has its
 * own pool and its own LISTEN connections (PGlite: the one embedded database), both listening
 * on a port of their own so boards connect as browsers do.
 */
export async function twoProcesses(options: Partial<Omit<AppOptions, 'database'>> = {}) {
  const first = await createTestApp(options);
  const name = onPostgres ? await currentDatabase(first.db) : '';
  const { app: second, database: secondDatabase } = await processBeside(first, name, options);
  const urls = [await listen(first.app), await listen(second)];
  return {
    first,
    second,
    apps: [first.app, second] as const,
    urls,
    /**
     * One more process on the same database, listening: for a test that stops a process (the
     * two above serve the file's other tests, in any order). PostgreSQL: through the
     * database address `through` when given (a way to it that a test cuts: cut-half-way.ts).
     */
    another: async (through?: string) => {
      const more = await processBeside(first, name, options, through);
      const url = await listen(more.app);
      const close = async () => {
        await more.app.close();
        if (more.database !== first.database) await more.database.close();
      };
      return { app: more.app, url, close };
    },
    /** PostgreSQL: cuts this database's backends that `which` names (an administrator's kill). */
    terminate: (which: 'pooled' | 'listen' | 'both') =>
      adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'` +
          (which === 'pooled' ? ` and query not ilike 'listen %'` : '') +
          (which === 'listen' ? ` and query ilike 'listen %'` : ''),
      ),
    /** PostgreSQL: whether the database takes new connections (existing ones carry on). */
    allowConnections: (allow: boolean) =>
      adminQuery(`alter database ${name} allow_connections ${allow}`),
    close: async () => {
      await second.close();
      if (secondDatabase !== first.database) await secondDatabase.close();
      await first.close();
    },
  };
}

/** A server process beside `first`: its own pool on PostgreSQL, the same embedded database on PGlite. */
async function processBeside(
  first: Awaited<ReturnType<typeof createTestApp>>,
  name: string,
  options: Partial<Omit<AppOptions, 'database'>>,
  url = onPostgres ? databaseUrl(name) : '',
) {
  const database: DatabaseHandle = onPostgres
    ? await openDatabase({ kind: 'postgres', url, poolSize: 10 })
    : first.database;
  const app = await buildApp({
    webDistDir: fixtureWebDist,
    ...options,
    database,
    messages: { deliver: false },
  });
  return { app, database };
}

async function currentDatabase(db: Database): Promise<string> {
  const found = (await db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return found.rows[0]!.name;
}

async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

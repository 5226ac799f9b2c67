import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { migrationsDir } from '../lib/package-dir.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { reconnectingListener, type ListenOptions } from './listener.ts';
import { FairPGlite } from './fair-pglite.ts';
import { withReleasingTransactions } from './pg-transactions.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository method runs on: the database, or the service's transaction. */
export type Executor = Database | Transaction;

export type DatabaseOptions =
  /** PostgreSQL through a pool: production, and the second CI run. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite in a data directory, locked to this process. */
  | { kind: 'pglite'; dataDir: string }
  /** Embedded PGlite in memory, optionally from a dump (tests copy one migrated database). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Applies the checked-in migrations; applying them again changes nothing. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel; resolves to the function that unsubscribes. On PostgreSQL
   * the connection comes back by itself, and `onReconnect` says when it did (db/listener.ts).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to copy it for tests. */
  dumpDataDir?: () => Promise<Blob>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPglite(
  options: Extract<DatabaseOptions, { kind: 'pglite' | 'pglite-memory' }>,
): Promise<DatabaseHandle> {
  const release = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {};
  let client: FairPGlite;
  try {
    // pg_trgm: the order history's and customer list's searches (migration 0027, decision 44).
    const extensions = { pg_trgm };
    client =
      options.kind === 'pglite'
        ? new FairPGlite(join(resolve(options.dataDir), 'pglite'), { extensions })
        : new FairPGlite({
            extensions,
            ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
          });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir() });
    },
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        // Closing the database already ended every subscription.
        if (!client.closed) await unsubscribe();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Any fixed number: it only has to be the same in every Servery process. */
const MIGRATION_LOCK_KEY = 7_270_301;

async function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
  // A client that loses its connection must not bring the process down (issue 27). The pool
  // listens for errors of idle clients only; a client checked out (inside a transaction, or
  // between two queries of a request) had none, and pg's 'error' event then ended the process.
  // This listener is there for the client's whole life: the query that was running fails (a 503,
  // errors.ts), and the pool drops the client when it is released (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', () => {});
  const db = withReleasingTransactions(
    drizzleNodePg(pool, { schema }) as unknown as Database,
    pool,
  );
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait and find it done.
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsDir() });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify, listenOptions) => {
      const stop = await reconnectingListener(options.url, channel, onNotify, listenOptions);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

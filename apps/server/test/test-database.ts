import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test database is copied from. */
    pgTemplate: string | null;
    /** PGlite: a dump of the migrated database each test database is loaded from. */
    pgliteTemplate: string | null;
  }
}

/** The integration suite runs on PostgreSQL when DATABASE_URL is set, else on PGlite. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

export function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database of its own: a copy of the template the global setup migrated
 * once. Closing it drops it (PostgreSQL) or discards it (PGlite in memory).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!onPostgres) {
    const dump = await readFile(inject('pgliteTemplate')!);
    return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) });
  }
  const name = runDatabaseName(inject('pgTemplate')!);
  await adminQuery(`create database ${name} template ${inject('pgTemplate')!}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 10 });
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A database of this run: named after the run's template, so the run's teardown drops its own
 * leftovers and never another run's (two runs on one server are normal on a developer machine).
 */
export function runDatabaseName(template: string): string {
  const run = template.replace(/^servery_template_/, '');
  return `servery_test_${run}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Where a database that outlives its handle can live: a data directory (PGlite) or a
 * database of its own (PostgreSQL), for tests that close and reopen, or run the CLI.
 */
export async function persistentDatabaseTarget(dataDir: string) {
  if (!onPostgres) {
    return {
      options: { kind: 'pglite', dataDir } as const,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => {},
    };
  }
  const name = runDatabaseName(inject('pgTemplate')!);
  await adminQuery(`create database ${name}`);
  const url = databaseUrl(name);
  return {
    options: { kind: 'postgres', url } as const,
    env: { DATABASE_URL: url },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`).then(() => {}),
  };
}

// A fresh PostgreSQL database for one bench run (bench/api.mjs, bench/live-events.mjs).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database for one run on the PostgreSQL server at `adminUrl`; null and a reason when
 * that server cannot be reached.
 */
export async function createBenchDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL at ${redact(adminUrl)} is not reachable (${error.message})` };
  }
  const database = `servery_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const { rows } = await admin.query('show server_version');
  await admin.end();
  return {
    database,
    url: url.toString(),
    adminUrl,
    version: rows[0].server_version,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    },
  };
}

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { adminQuery, onPostgres } from '../../test/test-database.ts';
import { until } from '../../test/until.ts';

// Issue 27, point 1: a database fault is a 503 for the requests it meets, never the process's end.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let name = '';

beforeAll(async () => {
  ctx = await createTestApp();
  if (onPostgres) {
    const found = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    name = found.rows[0]!.name;
  }
});
afterAll(async () => {
  if (onPostgres) await adminQuery(`alter database ${name} allow_connections true`);
  await ctx.close();
});

/** A request that must read the database: a host never seen, so not in the shop cache. */
const shopRead = () =>
  ctx.app.inject({ url: '/api/store', headers: { host: `x${Date.now()}.unknown.test` } });

describe('a database fault', () => {
  it('answers 503 in the envelope while the database cannot be reached, and says not ready', async () => {
    if (onPostgres) {
      // The database refuses new connections, and every connection it had is cut.
      await adminQuery(`alter database ${name} allow_connections false`);
      await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
      );
    } else {
      // PGlite's one failure: the embedded database was closed under the app.
      await ctx.database.close();
    }
    const answer = await shopRead();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 503,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      data: null,
    });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe('The database is not reachable');
    if (!onPostgres) return;

    await adminQuery(`alter database ${name} allow_connections true`);
    await until(
      async () =>
        (await ctx.app.inject({ url: '/readyz' })).statusCode === 200 ? true : undefined,
      'ready again',
      5_000,
    );
    expect((await shopRead()).statusCode).toBe(404);
  });
});

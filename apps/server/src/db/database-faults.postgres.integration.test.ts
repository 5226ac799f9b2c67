import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { adminQuery, databaseUrl } from '../../test/test-database.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './database-faults.ts';

// Issue 27, point 1, on PostgreSQL only (a *.postgres.integration.test.ts file is collected when
// DATABASE_URL is set): PGlite has no connection to cut. The 503 while the database cannot be
// reached is in database-faults.integration.test.ts, on both databases.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let name = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const found = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  name = found.rows[0]!.name;
});
afterAll(async () => {
  await ctx.close();
});

describe('a database fault on PostgreSQL', () => {
  it('fails only the query of a client whose connection is cut inside a transaction', async () => {
    const outcome = ctx.db.transaction(async (tx) => {
      const me = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      // The client is checked out and idle in the transaction when its backend goes: its
      // 'error' event used to find no listener and end the process.
      await adminQuery(`select pg_terminate_backend(${Number(me.rows[0]!.pid)})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('gives a connection back to the pool when a transaction cannot even begin', async () => {
    // One connection: a transaction that kept it after a failed BEGIN (drizzle 0.45 does,
    // db/pg-transactions.ts) would leave every later query waiting for it forever.
    const single = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 1 });
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await single.db
          .transaction(async () => 'never', {
            isolationLevel: 'not a level' as 'serializable',
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(String((failed as Error).cause ?? failed)).toMatch(/syntax error/);
      }
      const answer = (await single.db.execute(sql`select 42 as n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(answer.rows[0]!.n).toBe(42);
    } finally {
      await single.close();
    }
  });
});

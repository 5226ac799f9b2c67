import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { onPostgres } from '../../test/test-database.ts';
import { createTestApp, fixtureWebDist } from '../../test/test-app.ts';

// Issue 12, point 6: a change made through one process reaches another's cache, also after
// the database dropped the connection it listens on.
const doc = makeTenantDocument();
const host = doc.hosts[0]!.host;
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  first = await createTestApp();
  second = await buildApp({ database: first.database, webDistDir: fixtureWebDist });
  await importTestTenant(first.db, doc);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const nameOn = async (app: typeof second) =>
  (await app.inject({ method: 'POST', url: '/api/loadconfig', headers: { host } })).json().data
    .websiteName as string;

/** Renames the shop as an import does (a write and a NOTIFY), then waits for `app` to see it. */
async function renameAndWaitFor(app: typeof second, name: string) {
  await importTestTenant(first.db, { ...doc, websiteName: name });
  const deadline = Date.now() + 10_000;
  while ((await nameOn(app)) !== name) {
    if (Date.now() > deadline) throw new Error(`the other process still shows the old name`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the shop cache across processes', () => {
  it('drops a changed shop on the other process', async () => {
    // Both processes have the shop cached under its present name.
    expect(await nameOn(second)).toBe(await nameOn(first.app));
    await renameAndWaitFor(second, 'Renamed Once');
  });

  if (onPostgres) {
    it('listens again after PostgreSQL terminated its connection, and drops what it missed', async () => {
      // The second process has the shop cached, as it is now.
      await renameAndWaitFor(second, 'Renamed Before');
      const terminated = await first.db.execute(sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and query ilike 'listen %servery_tenant_changed%'`);
      expect((terminated as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
      // Changed while nobody listened: the reconnect itself must drop the old copy.
      await renameAndWaitFor(second, 'Renamed While Down');
      // And notifications flow again after it.
      await renameAndWaitFor(second, 'Renamed After');
    });
  }
});

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { importTestTenant } from '../../test/factories.ts';
import { fixtureWebDist } from '../../test/test-app.ts';
import { createTestDatabase, persistentDatabaseTarget } from '../../test/test-database.ts';
import { openDatabase, type Database } from './client.ts';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'servery-db-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Both drivers answer raw queries with `rows`. */
async function rows(db: Database, query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

async function schemaSnapshot(db: Database) {
  const columns = await rows(
    db,
    sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`,
  );
  const indexes = await rows(
    db,
    sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  const applied = await rows(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return { columns, indexes, applied };
}

describe('migrations', () => {
  it('run a second time change nothing, and keep the data', async () => {
    const database = await createTestDatabase();
    try {
      const doc = await importTestTenant(database.db);
      const before = await schemaSnapshot(database.db);
      expect(before.columns.length).toBeGreaterThan(30);
      await database.migrate();
      await database.migrate();
      expect(await schemaSnapshot(database.db)).toEqual(before);
      const tenants = await database.db.query.tenants.findMany();
      expect(tenants.map((t) => t.slug)).toEqual([doc.slug]);
    } finally {
      await database.close();
    }
  });
});

describe('a restart', () => {
  it('keeps the data: the tenant answers after the database is closed and opened again', async () => {
    const target = await persistentDatabaseTarget(tempDir());
    try {
      const first = await openDatabase(target.options);
      await first.migrate();
      const doc = await importTestTenant(first.db);
      await first.close();

      const second = await openDatabase(target.options);
      await second.migrate();
      const app = await buildApp({ database: second, webDistDir: fixtureWebDist });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/loadconfig',
          headers: { host: doc.hosts[0]!.host },
        });
        expect(res.json().data.websiteName).toBe(doc.websiteName);
      } finally {
        await app.close();
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });
});

describe('the embedded database’s data directory', () => {
  it('refuses a second process on the same directory, saying what to do', async () => {
    const dir = tempDir();
    const held = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const second = spawnSync(process.execPath, ['--import', 'tsx', mainScript], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `The data directory ${dir} is already in use by another Servery process (pid ${process.pid})`,
      );
      expect(second.stderr).toContain('Stop the other process first');
      // The refused process left the holder's lock alone.
      expect(await rows(held.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await held.close();
    }
  });

  it('refuses a second open in the same process too', async () => {
    const dir = tempDir();
    const held = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(
        /already in use/,
      );
    } finally {
      await held.close();
    }
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const deadPid = child.pid!;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(join(dir, 'servery.lock'), String(deadPid));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.close();
    // Released on close: it opens again.
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.close();
  });
});

import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { demoTenantFile } from '../db/seed/seed-demo.ts';
import { findTenantBySlug } from '../modules/tenants/tenants.repository.ts';
import { controlSocketPath, serveTenantCommands } from './control-socket.ts';
import { databaseLabel, runTenantCli } from './tenant-cli.ts';

// The embedded database held by "the server" (this process, as a running server holds it), and
// the command line run against the same data directory: its commands go through the socket.
// Each test has a data directory and a server of its own, so any order works: a copy of one
// migrated once for the file (migrating the embedded database takes seconds; copying a closed
// data directory, a moment).
let migrated: string;
let dir: string;
let dataDir: string;
let held: DatabaseHandle;
let stopCommands: (() => Promise<void>) | undefined;

beforeAll(async () => {
  migrated = mkdtempSync(join(tmpdir(), 'servery-control-migrated-'));
  const first = await openDatabase({ kind: 'pglite', dataDir: migrated });
  await first.migrate();
  await first.close();
});
afterAll(() => rmSync(migrated, { recursive: true, force: true }));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'servery-control-'));
  dataDir = join(dir, 'data');
  cpSync(migrated, dataDir, { recursive: true });
  held = await openDatabase({ kind: 'pglite', dataDir });
  const settings = { NODE_ENV: 'development' as const, STRIPE_DIRECT_SHOP: undefined };
  stopCommands = await serveTenantCommands(
    dataDir,
    held.db,
    settings,
    databaseLabel({ DATA_DIR: dataDir, DATABASE_URL: undefined }),
    (error) => expect.fail(error.message),
  );
});
afterEach(async () => {
  await stopCommands?.();
  await held.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], answer?: string) {
  let out = '';
  let err = '';
  const asked: string[] = [];
  const code = await runTenantCli(args, {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
    ask: async (question) => {
      asked.push(question);
      return answer ?? '';
    },
  });
  return { code, out, err, asked };
}

describe('npm run tenant while a server runs on the embedded database', () => {
  it('opens a socket only its owner can use, in the data directory', () => {
    expect(stopCommands).toBeDefined();
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('has the server run the command, saying so, and the shop is in the server’s database', async () => {
    const imported = await cli(['import', demoTenantFile()]);
    expect(imported.code).toBe(0);
    expect(imported.err).toBe(
      `Database: the embedded database in ${dataDir}, through the server running on it (pid ${process.pid})\n`,
    );
    expect(imported.out).toContain(`Imported tenant "demo" from ${demoTenantFile()}`);
    expect(await findTenantBySlug(held.db, 'demo')).toMatchObject({ slug: 'demo' });
    const listed = await cli(['list']);
    expect(listed.out).toMatch(/^demo\tTandoor Lane\t/);
  });

  it('relays a question and its answer: a wrong slug deletes nothing', async () => {
    expect((await cli(['import', demoTenantFile()])).code).toBe(0);
    const refused = await cli(['delete', 'demo'], 'nope');
    expect(refused.asked).toHaveLength(1);
    expect(refused.asked[0]).toContain('Type the slug (demo) to confirm');
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.err).toContain('Not confirmed: nothing was deleted.');
    expect(await findTenantBySlug(held.db, 'demo')).toBeTruthy();

    expect((await cli(['delete', 'demo'], 'demo')).code).toBe(0);
    expect(await findTenantBySlug(held.db, 'demo')).toBeFalsy();
  });

  it('passes the command’s own refusal on with its exit code', async () => {
    const missing = await cli(['export', 'nobody']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('There is no tenant "nobody". See: npm run tenant -- list\n');
  });

  it('refuses as before once the server stops listening, and leaves no socket', async () => {
    await stopCommands!();
    stopCommands = undefined;
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    const refused = await cli(['list']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Refused: the embedded database in ${dataDir} is in use by a running Servery server (pid ${process.pid}).`,
    );
  });
});

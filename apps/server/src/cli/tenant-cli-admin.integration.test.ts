import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeCatalogueDocument } from '../../test/factories.ts';
import { ASSETS, useCliDatabase } from '../../test/tenant-cli.ts';
import { demoTenantFile } from '../db/seed/seed-demo.ts';
import { runTenantCli } from './tenant-cli.ts';

const cliScript = fileURLToPath(new URL('./tenant.ts', import.meta.url));
const c = useCliDatabase();
const { cli, cliWith, rowsOf, writeDocument } = c;

describe('npm run tenant: staff, deleting, the command', () => {
  it('answers an unknown slug and a wrong command with a message', async () => {
    expect(await cli('export', 'nobody')).toMatchObject({
      code: 1,
      err: 'There is no tenant "nobody". See: npm run tenant -- list\n',
    });
    const usage = await cli('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: npm run tenant -- <command>');
  });

  it('adds a shop’s first owner, and staff for named stores, refusing what is not so', async () => {
    expect((await cli('import', demoTenantFile())).code).toBe(0);
    expect(
      await cli('add-staff', 'demo', 'Ana@Example.com', '--role', 'owner', '--name', 'Ana Silva'),
    ).toMatchObject({
      code: 0,
      out: 'Added Ana Silva <ana@example.com> as owner of demo.\n',
    });
    const cook = await cli(
      'add-staff',
      'demo',
      'sam@example.com',
      '--role',
      'staff',
      '--stores',
      'nope',
    );
    expect(cook.code).toBe(1);
    expect(cook.err).toMatch(/^There is no store "nope" in demo; its stores: /);
    expect((await cli('add-staff', 'demo', 'sam@example.com', '--role', 'chef')).err).toBe(
      '--role must be one of owner, manager, staff.\n',
    );
    expect((await cli('add-staff', 'demo', 'sam@example.com')).code).toBe(2);
  });

  it('deletes a shop and all its data only when its slug is typed, or with --yes', async () => {
    const shop = makeCatalogueDocument();
    expect(
      (await cli('import', writeDocument('to-delete', shop, [...ASSETS, 'dish.svg']))).code,
    ).toBe(0);
    // The owner's row writes the audit log, whose rows refuse DELETE while the shop exists.
    expect((await cli('add-staff', shop.slug, 'owner@example.com', '--role', 'owner')).code).toBe(
      0,
    );
    const before = await rowsOf(shop.slug);
    expect(before).toMatchObject({ exists: true, sequences: 1 });
    expect(Object.keys(before.counts)).toEqual(
      expect.arrayContaining([
        'audit_log',
        'staff_members',
        'stores',
        'menu_items',
        'tenant_hosts',
      ]),
    );

    const asked: string[] = [];
    const refused = await cliWith({ answer: 'yes', asked }, 'delete', shop.slug);
    expect(refused).toEqual({ code: 1, out: '', err: 'Not confirmed: nothing was deleted.\n' });
    expect(asked[0]).toContain(
      `This deletes the shop "${shop.slug}" and all its data (stores: 2, dishes: `,
    );
    expect(asked[0]).toContain(`Type the slug (${shop.slug}) to confirm: `);
    expect(await rowsOf(shop.slug)).toEqual(before);

    const deleted = await cliWith({ answer: ` ${shop.slug}\n` }, 'delete', shop.slug);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toContain(`Deleted tenant "${shop.slug}" and all its data from `);
    expect(await rowsOf(shop.slug)).toEqual({ exists: false, counts: {}, sequences: 0 });

    // --yes asks nothing (cliWith throws if asked without an answer); the slug is free again.
    expect(
      (await cli('import', writeDocument('to-delete', shop, [...ASSETS, 'dish.svg']))).code,
    ).toBe(0);
    expect((await cli('delete', shop.slug, '--yes')).code).toBe(0);
    expect((await rowsOf(shop.slug)).exists).toBe(false);
    expect(await cli('delete', shop.slug, '--yes')).toMatchObject({
      code: 1,
      err: `There is no tenant "${shop.slug}". See: npm run tenant -- list\n`,
    });
  });

  it('refuses an embedded data directory a running server holds, naming it', async () => {
    const locked = join(c.dir, 'server-data');
    mkdirSync(locked, { recursive: true });
    // A live process of another pid stands for the server holding the lock.
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(locked, 'servery.lock'), String(server.pid));
      let err = '';
      const code = await runTenantCli(['import', demoTenantFile()], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: locked },
        out: { write: (text: string) => expect.fail(`printed ${text}`) },
        err: { write: (text: string) => (err += text) },
      });
      expect(code).toBe(1);
      expect(err).toContain(`Database: the embedded database in ${locked}\n`);
      expect(err).toContain(
        `Refused: the embedded database in ${locked} is in use by a running Servery server (pid ${server.pid}).`,
      );
      expect(err).toContain('Stop the server');
      expect(readFileSync(join(locked, 'servery.lock'), 'utf8')).toBe(String(server.pid));
    } finally {
      server.kill();
    }
  });

  it('runs as a command', async () => {
    expect((await cli('import', demoTenantFile())).code).toBe(0);
    const run = spawnSync(process.execPath, ['--import', 'tsx', cliScript, 'list'], {
      env: { ...process.env, ...c.target.env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toMatch(/^Database: (the embedded database in |PostgreSQL database )/);
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('demo\tTandoor Lane');
  });
});

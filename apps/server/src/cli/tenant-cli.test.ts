import { ZTenantDocument } from '@servery/contract/tenant-document';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenantDocument, svgFor } from '../../test/factories.ts';
import { persistentDatabaseTarget } from '../../test/test-database.ts';
import { demoTenantFile } from '../db/seed/seed-demo.ts';
import { runTenantCli } from './tenant-cli.ts';

const cliScript = fileURLToPath(new URL('./tenant.ts', import.meta.url));
let dir: string;
let target: Awaited<ReturnType<typeof persistentDatabaseTarget>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'servery-cli-'));
  target = await persistentDatabaseTarget(join(dir, 'data'));
});
afterAll(async () => {
  await target.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = await runTenantCli(args, {
    env: { ...process.env, ...target.env },
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
  });
  return { code, out, err };
}

/** Writes a document and its asset files into a folder of its own. */
function writeDocument(name: string, doc: unknown, assets: string[]) {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(join(folder, 'tenant.json'), JSON.stringify(doc, null, 2));
  for (const asset of assets) writeFileSync(join(folder, 'assets', asset), svgFor(name, asset));
  return join(folder, 'tenant.json');
}

const ASSETS = ['favicon.svg', 'header-logo.svg', 'footer-logo.svg', 'brand.svg', 'banner.svg'];

describe('npm run tenant', () => {
  const doc = makeTenantDocument();

  it('imports a document, lists it and exports it unchanged', async () => {
    const file = writeDocument('good', doc, ASSETS);
    expect(await cli('import', file)).toEqual({
      code: 0,
      out: `Imported tenant "${doc.slug}" from ${file}\n`,
      err: '',
    });
    const listed = await cli('list');
    expect(listed.out).toContain(
      `${doc.slug}\t${doc.websiteName}\t${doc.hosts[0]!.host}, ${doc.hosts[1]!.host}`,
    );
    const exported = await cli('export', doc.slug);
    expect(JSON.parse(exported.out)).toEqual(ZTenantDocument.parse(doc));
  });

  it('refuses an invalid document whole, listing every problem by JSON path, and changes nothing', async () => {
    const before = (await cli('export', doc.slug)).out;
    const broken = {
      ...doc,
      websiteName: 'Renamed',
      config: { ...doc.config, colorPalatte: 'red', extra: true },
      stores: [doc.stores[0], doc.stores[0]],
      home: { ...doc.home, mainStore: 'nowhere' },
    };
    const result = await cli('import', writeDocument('bad', broken, ASSETS));
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('Nothing was imported.');
    expect(result.err).toContain('config.colorPalatte: Use a six-digit hex colour such as #b3261e');
    expect(result.err).toMatch(/config: Unrecognized key: "extra"/);
    expect(result.err).toContain('stores.1.slug: "main" appears twice');
    expect(result.err).toContain('home.mainStore: No store has the slug "nowhere"');
    expect((await cli('export', doc.slug)).out).toBe(before);
  });

  it('refuses a file that is not JSON, or is missing', async () => {
    const file = join(dir, 'not-json.json');
    writeFileSync(file, '{ "slug": ');
    const bad = await cli('import', file);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`(file): Cannot read ${file}: it is not valid JSON`);
    const missing = await cli('import', join(dir, 'absent.json'));
    expect(missing.err).toContain('the file does not exist');
  });

  it('exports into a folder that imports again to the same tenant', async () => {
    const out = join(dir, 'exported');
    expect((await cli('export', doc.slug, '--out', out)).out).toBe(
      `Wrote ${out}/tenant.json and 5 assets\n`,
    );
    expect(JSON.parse(readFileSync(join(out, 'tenant.json'), 'utf8'))).toEqual(
      ZTenantDocument.parse(doc),
    );
    expect(readFileSync(join(out, 'assets', 'banner.svg'), 'utf8')).toContain('good/banner.svg');
    expect((await cli('import', join(out, 'tenant.json'))).code).toBe(0);
  });

  it('imports the demo shop shipped in the repository', async () => {
    const result = await cli('import', demoTenantFile());
    expect(result).toMatchObject({ code: 0, err: '' });
    expect((await cli('list')).out).toContain('demo\tTandoor Lane\tlocalhost, 127.0.0.1');
  });

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

  it('runs as a command', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', cliScript, 'list'], {
      env: { ...process.env, ...target.env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('demo\tTandoor Lane');
  });
});

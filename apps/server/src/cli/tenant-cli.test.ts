import { ZTenantDocument } from '@servery/contract/tenant-document';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCatalogueDocument, makeTenantDocument, svgFor } from '../../test/factories.ts';
import { onPostgres, persistentDatabaseTarget } from '../../test/test-database.ts';
import { openDatabase } from '../db/client.ts';
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

async function cliWith(
  options: { env?: Record<string, string>; answer?: string; asked?: string[] },
  ...args: string[]
) {
  let out = '';
  let err = '';
  const code = await runTenantCli(args, {
    env: { ...process.env, ...target.env, ...options.env },
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
    ask: async (question) => {
      options.asked?.push(question);
      if (options.answer === undefined) throw new Error('the command asked unexpectedly');
      return options.answer;
    },
  });
  // Every command that uses the database says which first, on stderr.
  err = err.replace(/^Database: .*\n/, '');
  return { code, out, err };
}
const cli = (...args: string[]) => cliWith({}, ...args);

/** Rows of every tenant_id table that belong to the tenant, by table (none listed when 0). */
async function rowsOf(tenantSlug: string) {
  const handle = await openDatabase(target.options);
  try {
    const rows = (query: ReturnType<typeof sql>) =>
      handle.db.execute(query).then((r) => (r as unknown as { rows: unknown[] }).rows);
    const [tenant] = (await rows(sql`select id from tenants where slug = ${tenantSlug}`)) as {
      id: string;
    }[];
    const id = tenant?.id ?? '00000000-0000-0000-0000-000000000000';
    const tables = (await rows(sql`
      select table_name from information_schema.columns
      where column_name = 'tenant_id' and table_schema = 'public'`)) as { table_name: string }[];
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const [row] = (await rows(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where tenant_id = ${id}`,
      )) as { n: number }[];
      if (row!.n) counts[table_name] = row!.n;
    }
    const sequences = (await rows(
      sql`select relname from pg_class where relkind = 'S' and relname = ${`order_numbers_${id.replaceAll('-', '')}`}`,
    )) as unknown[];
    return { exists: Boolean(tenant), counts, sequences: sequences.length };
  } finally {
    await handle.close();
  }
}

/** The CLI's output as printed, the "Database:" line included. */
async function runCapturing(...args: string[]) {
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
    const where = onPostgres
      ? `PostgreSQL database "${new URL(target.env.DATABASE_URL!).pathname.slice(1)}" on `
      : `the embedded database in ${join(dir, 'data')}`;
    const imported = await runCapturing('import', file);
    expect(imported.code).toBe(0);
    expect(imported.err).toContain(`Database: ${where}`);
    expect(imported.out).toContain(`Imported tenant "${doc.slug}" from ${file} into ${where}`);
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

  it('validates a document without a database: every problem by path, nothing written', async () => {
    const fresh = makeTenantDocument();
    const broken = {
      ...fresh,
      websiteName: '',
      config: { ...fresh.config, supportEmail: 'not-an-email' },
      stores: [{ ...fresh.stores[0], postcode: 'e1 1aa', orderTypes: ['delivery'] }],
    };
    // No asset files: the missing ones are reported with the schema problems.
    const file = writeDocument('validate-bad', broken, ['favicon.svg']);
    const noDatabase = {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: '/dev/null/x',
    };
    const bad = await cliWith({ env: noDatabase }, 'validate', file);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toContain('The tenant document has 8 problems:');
    expect(bad.err).toContain('websiteName: Too small: expected string to have >=1 characters');
    expect(bad.err).toContain('config.supportEmail: Invalid email address');
    expect(bad.err).toContain('stores.0.postcode: Use a UK postcode in capitals, such as E1 6QL');
    expect(bad.err).toContain(
      'stores.0.deliveryZones: A store that delivers needs at least one delivery zone',
    );
    expect(bad.err).toContain('config.headerLogo: the file assets/header-logo.svg is missing');
    expect(bad.err).toContain('config.footerLogo: the file assets/footer-logo.svg is missing');
    expect(bad.err).toContain('brands.0.logo: the file assets/brand.svg is missing');
    expect(bad.err).toContain('home.banners.0.banner: the file assets/banner.svg is missing');
    expect(bad.err).toContain('Nothing was written.');

    const good = await cliWith(
      { env: noDatabase },
      'validate',
      writeDocument('validate-good', fresh, ASSETS),
    );
    expect(good).toMatchObject({ code: 0, err: '' });
    expect(good.out).toContain(`is a valid tenant document for "${fresh.slug}"`);
    expect((await cli('export', fresh.slug)).code).toBe(1);
  });

  it('validates and imports the small example of docs/shop-document.md', async () => {
    const file = fileURLToPath(
      new URL('../../../../docs/examples/small-shop/tenant.json', import.meta.url),
    );
    expect(await cli('validate', file)).toMatchObject({ code: 0, err: '' });
    expect((await cli('import', file)).code).toBe(0);
    const example = JSON.parse(readFileSync(file, 'utf8'));
    expect(JSON.parse((await cli('export', example.slug)).out)).toEqual(
      ZTenantDocument.parse(example),
    );
  });

  it('lists a host owned by another shop together with the schema problems', async () => {
    const other = makeTenantDocument();
    const clash = {
      ...other,
      websiteName: '',
      hosts: [other.hosts[0], { host: doc.hosts[1]!.host, variant: 'reservation' }],
    };
    const result = await cli('import', writeDocument('clash', clash, ASSETS.slice(1)));
    expect(result.code).toBe(1);
    expect(result.err).toContain('The tenant document has 3 problems:');
    expect(result.err).toContain('websiteName: Too small');
    expect(result.err).toContain('config.favicon: the file assets/favicon.svg is missing');
    expect(result.err).toContain(
      `hosts.1.host: "${doc.hosts[1]!.host}" belongs to tenant "${doc.slug}"`,
    );
    expect((await cli('export', other.slug)).code).toBe(1);
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
    const locked = join(dir, 'server-data');
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

  it('runs as a command', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', cliScript, 'list'], {
      env: { ...process.env, ...target.env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toMatch(/^Database: (the embedded database in |PostgreSQL database )/);
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('demo\tTandoor Lane');
  });
});

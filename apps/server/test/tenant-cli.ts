import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { runTenantCli } from '../src/cli/tenant-cli.ts';
import { makeTenantDocument, svgFor } from './factories.ts';
import { persistentDatabaseTarget } from './test-database.ts';

export const ASSETS = [
  'favicon.svg',
  'header-logo.svg',
  'footer-logo.svg',
  'brand.svg',
  'banner.svg',
];

/**
 * The tenant CLI's tests' setting, one per test file: a folder and a database that outlive a
 * handle (the CLI opens its own), and the CLI run in-process against them. Call it at the top
 * of a file; `dir` and `target` are there once the file's tests run.
 */
export function useCliDatabase() {
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

  let documents = 0;
  /** Writes a fresh tenant document and imports it: each test that needs a shop has its own. */
  async function importedDocument() {
    const doc = makeTenantDocument();
    const name = `shop-${++documents}`;
    const file = writeDocument(name, doc, ASSETS);
    const imported = await cli('import', file);
    if (imported.code !== 0) throw new Error(`import: ${imported.err}`);
    return { doc, name, file };
  }

  return {
    get dir() {
      return dir;
    },
    get target() {
      return target;
    },
    cliWith,
    cli,
    rowsOf,
    runCapturing,
    writeDocument,
    importedDocument,
  };
}

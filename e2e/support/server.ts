import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TenantDocument } from '@servery/contract/tenant-document';
import { serverEntry, spawnServer } from './spawn-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's data directories, migrated once (e2e/support/global-setup.ts). */
    e2eDataDirs: { demo: string; empty: string } | null;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The real built server on a fresh embedded database (seeded with the demo shop, as a
 * newcomer's first start is, unless SEED_DEMO is 'false'), on a port of its own. The database
 * is a copy of one the e2e global setup migrated (and seeded) once for the run
 * (e2e/support/global-setup.ts): the same data a first start writes, without each spec file
 * paying for the migrations and the seed again.
 */
export async function startServer(
  env: Record<string, string> = {},
  { tenantFiles = [] as string[] } = {},
) {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-e2e-'));
  const template = preparedDataDir(env.SEED_DEMO !== 'false');
  if (template) cpSync(template, dataDir, { recursive: true });
  // Extra shops go in through the real CLI, before the server takes the data directory.
  for (const file of tenantFiles) {
    const run = spawnSync(
      process.execPath,
      [join(root, 'apps/server/dist/cli/tenant.js'), 'import', file],
      {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`Importing ${file} failed:\n${run.stderr}`);
  }
  const { url, port, output, stop } = await spawnServer(dataDir, env);
  return {
    url,
    port,
    output,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      removeVariantFolders(tenantFiles);
    },
  };
}

/** The folders demoVariant wrote shops into: only needed for the import. */
export function removeVariantFolders(tenantFiles: string[]) {
  for (const file of tenantFiles) {
    const dir = dirname(file);
    if (dirname(dir) === tmpdir() && basename(dir).startsWith('servery-tenant-')) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

function assertBuilt() {
  if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error(
      'The end-to-end tests drive the built product: run `npm run build` first (npm test does).',
    );
  }
}

/** The run's prepared data directory (with or without the demo shop), when the setup made one. */
function preparedDataDir(withDemo: boolean): string | undefined {
  const dirs = inject('e2eDataDirs');
  return dirs ? (withDemo ? dirs.demo : dirs.empty) : undefined;
}

/**
 * A copy of the demo shop with changes, written with its assets into a temporary folder, for
 * `startServer({ tenantFiles })`.
 */
export function demoVariant(change: (doc: TenantDocument) => void): string {
  const demoDir = join(root, 'apps/server/src/db/seed/demo');
  const dir = mkdtempSync(join(tmpdir(), 'servery-tenant-'));
  cpSync(join(demoDir, 'assets'), join(dir, 'assets'), { recursive: true });
  const doc = JSON.parse(readFileSync(join(demoDir, 'tenant.json'), 'utf8')) as TenantDocument;
  change(doc);
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify(doc));
  return join(dir, 'tenant.json');
}

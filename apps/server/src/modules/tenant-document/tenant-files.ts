import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { exportTenant } from './tenant-export.ts';
import { checkTenantDocument, importTenant, TenantDocumentError } from './tenant-import.ts';

/**
 * A tenant on disk: `tenant.json` (or any name) with its images in `assets/` beside it.
 * This is the form the demo shop ships in and the CLI reads and writes.
 */
export async function importTenantFile(db: Database, file: string) {
  return importTenant(db, await readDocument(file), assetReader(file));
}

/**
 * Checks a document and its asset files without a database and without writing anything;
 * answers every problem found (hosts used by other shops are checked by `import` only).
 */
export async function validateTenantFile(file: string) {
  let input: unknown;
  try {
    input = await readDocument(file);
  } catch (error) {
    if (error instanceof TenantDocumentError) return { slug: null, problems: error.problems };
    throw error;
  }
  const { doc, problems } = await checkTenantDocument(input, assetReader(file));
  return { slug: doc?.slug ?? null, problems };
}

async function readDocument(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'the file does not exist'
        : `it is not valid JSON (${(error as Error).message})`;
    throw new TenantDocumentError([{ path: '(file)', message: `Cannot read ${file}: ${reason}` }]);
  }
}

function assetReader(file: string) {
  const assetsDir = join(dirname(file), 'assets');
  return async (name: string) => {
    if (basename(name) !== name) return null;
    try {
      return new Uint8Array(await readFile(join(assetsDir, name)));
    } catch {
      return null;
    }
  };
}

/** Writes `tenant.json` and `assets/` into a folder; answers null for an unknown slug. */
export async function exportTenantToDir(db: Database, slug: string, outDir: string) {
  const exported = await exportTenant(db, slug);
  if (!exported) return null;
  await mkdir(join(outDir, 'assets'), { recursive: true });
  await writeFile(join(outDir, 'tenant.json'), `${JSON.stringify(exported.document, null, 2)}\n`);
  for (const asset of exported.assets) {
    await writeFile(join(outDir, 'assets', asset.name), asset.bytes);
  }
  return exported;
}

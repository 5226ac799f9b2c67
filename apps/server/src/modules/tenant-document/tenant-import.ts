import { ZAssetName } from '@servery/contract/config';
import {
  ZTenantDocument,
  assetReferences,
  describeIssues,
} from '@servery/contract/tenant-document';
import type { Database } from '../../db/client.ts';
import {
  countTenantData,
  findTenantBySlug,
  hostsOwnedElsewhere,
  removeTenant,
  type AssetFile,
} from '../tenants/tenants.repository.ts';
import { toAssetFile } from './tenant-assets.ts';
import { writeTenant } from './tenant-writer.ts';

export interface Problem {
  path: string;
  message: string;
}

/** A tenant document that cannot be imported, with every problem found, by JSON path. */
export class TenantDocumentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `The tenant document has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${p.path}: ${p.message}`).join('\n'),
    );
  }
}

type ReadAsset = (name: string) => Promise<Uint8Array | null>;

/**
 * Every problem of a document that can be found without the database: the schema, and the
 * asset files it names. Asset files are checked even when the schema fails, so one run lists
 * everything to fix.
 */
export async function checkTenantDocument(input: unknown, readAsset: ReadAsset) {
  const parsed = ZTenantDocument.safeParse(input);
  const problems: Problem[] = parsed.success ? [] : describeIssues(parsed.error);
  const doc = parsed.success ? parsed.data : null;
  const refs = doc ? assetReferences(doc) : looseAssetReferences(input);
  const assets = new Map<string, AssetFile>();
  const missing = new Set<string>();
  for (const ref of refs) {
    if (problems.some((p) => p.path === ref.path)) continue;
    if (assets.has(ref.file)) continue;
    const bytes = missing.has(ref.file) ? null : await readAsset(ref.file);
    const asset = bytes ? toAssetFile(ref.file, bytes) : `the file assets/${ref.file} is missing`;
    if (typeof asset === 'string') {
      missing.add(ref.file);
      problems.push({ path: ref.path, message: asset });
    } else assets.set(ref.file, asset);
  }
  return { doc, problems, assets };
}

/**
 * Validates a whole document, its asset files and its hosts, then writes it in one
 * transaction. Any problem refuses the whole document and writes nothing; the error lists
 * every problem at once, hosts that belong to another shop among them.
 */
export async function importTenant(
  db: Database,
  input: unknown,
  readAsset: ReadAsset,
): Promise<{ tenantId: string; slug: string }> {
  const { doc, problems, assets } = await checkTenantDocument(input, readAsset);
  const raw = isRecord(input) ? input : {};
  const slug = doc?.slug ?? (typeof raw.slug === 'string' ? raw.slug : '');
  const hosts = Array.isArray(raw.hosts)
    ? raw.hosts.map((h: unknown) => (isRecord(h) && typeof h.host === 'string' ? h.host : null))
    : [];

  const tenantId = await db.transaction(async (tx) => {
    const taken = await hostsOwnedElsewhere(
      tx,
      slug,
      hosts.filter((h): h is string => h !== null),
    );
    for (const { host, owner } of taken) {
      problems.push({
        path: `hosts.${hosts.indexOf(host)}.host`,
        message: `"${host}" belongs to tenant "${owner}"`,
      });
    }
    if (problems.length || !doc) throw new TenantDocumentError(problems);
    return writeTenant(tx, doc, [...assets.values()]);
  });
  return { tenantId, slug };
}

/** Removes a shop and everything it owns; answers what was removed, or null for no such shop. */
export async function deleteTenant(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  if (!row) return null;
  return db.transaction(async (tx) => {
    const counts = await countTenantData(tx, row.id);
    await removeTenant(tx, row.id);
    return counts;
  });
}

/** What a shop holds, for the confirmation before it is deleted. */
export async function tenantDataSummary(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  return row ? countTenantData(db, row.id) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The asset files an invalid document names where it names them in the expected places. */
function looseAssetReferences(input: unknown): { path: string; file: string }[] {
  const refs: { path: string; file: string }[] = [];
  const add = (path: string, value: unknown) => {
    if (ZAssetName.safeParse(value).success) refs.push({ path, file: value as string });
  };
  if (!isRecord(input)) return refs;
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  if (isRecord(input.config)) {
    for (const key of ['favicon', 'headerLogo', 'footerLogo'])
      add(`config.${key}`, input.config[key]);
  }
  list(input.brands).forEach((b, i) => isRecord(b) && add(`brands.${i}.logo`, b.logo));
  if (isRecord(input.home)) {
    list(input.home.banners).forEach(
      (b, i) => isRecord(b) && add(`home.banners.${i}.banner`, b.banner),
    );
  }
  list(input.items).forEach((item, i) => isRecord(item) && add(`items.${i}.image`, item.image));
  return refs;
}

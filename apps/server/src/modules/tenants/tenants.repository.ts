import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SiteVariant } from '@servery/contract/config';
import type { Executor } from '../../db/client.ts';
import {
  brands,
  homeContent,
  storeOpeningHours,
  stores,
  tenantAssets,
  tenantHosts,
  tenants,
} from '../../db/schema.ts';

/** The channel on which a changed tenant is announced to every server instance. */
export const TENANT_CHANGED_CHANNEL = 'servery_tenant_changed';

/**
 * Tells every process that the shop changed (decision 2): each clears its cache of the shop
 * when the transaction commits, so the storefront answers from the new rows within moments.
 */
export async function announceShopChanged(tx: Executor, tenantId: string) {
  await tx.execute(sql`select pg_notify(${TENANT_CHANGED_CHANNEL}, ${tenantId})`);
}

export interface TenantRef {
  id: string;
  slug: string;
  variant: SiteVariant;
}

export interface AssetFile {
  name: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

export async function findTenantByHost(db: Executor, host: string): Promise<TenantRef | null> {
  const [row] = await db
    .select({ id: tenants.id, slug: tenants.slug, variant: tenantHosts.variant })
    .from(tenantHosts)
    .innerJoin(tenants, eq(tenants.id, tenantHosts.tenantId))
    .where(eq(tenantHosts.host, host));
  return row ?? null;
}

export async function findTenantBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  return row ?? null;
}

/** Slugs of the shops that take sign-in by text message (the default when they do not say). */
export async function slugsTakingTexts(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(
      sql`coalesce(${tenants.config}->'messaging'->'signInChannels', '["sms"]'::jsonb) @> '["sms"]'::jsonb`,
    )
    .orderBy(asc(tenants.slug));
  return rows.map((row) => row.slug);
}

export async function findTenantById(db: Executor, id: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row ?? null;
}

export async function listTenants(db: Executor) {
  const rows = await db
    .select({ slug: tenants.slug, websiteName: tenants.websiteName, host: tenantHosts.host })
    .from(tenants)
    .leftJoin(tenantHosts, eq(tenantHosts.tenantId, tenants.id))
    .orderBy(asc(tenants.slug), asc(tenantHosts.position));
  const bySlug = new Map<string, { slug: string; websiteName: string; hosts: string[] }>();
  for (const row of rows) {
    const entry = bySlug.get(row.slug) ?? {
      slug: row.slug,
      websiteName: row.websiteName,
      hosts: [],
    };
    if (row.host) entry.hosts.push(row.host);
    bySlug.set(row.slug, entry);
  }
  return [...bySlug.values()];
}

export async function countTenants(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return row?.n ?? 0;
}

/** Everything of one tenant that the configuration, the home page and the export need. */
export async function loadTenant(db: Executor, tenantId: string) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return null;
  const [hostRows, brandRows, storeRows, hourRows, [home]] = await Promise.all([
    db
      .select()
      .from(tenantHosts)
      .where(eq(tenantHosts.tenantId, tenantId))
      .orderBy(asc(tenantHosts.position)),
    db.select().from(brands).where(eq(brands.tenantId, tenantId)).orderBy(asc(brands.position)),
    db.select().from(stores).where(eq(stores.tenantId, tenantId)).orderBy(asc(stores.position)),
    db
      .select()
      .from(storeOpeningHours)
      .where(eq(storeOpeningHours.tenantId, tenantId))
      .orderBy(asc(storeOpeningHours.weekday), asc(storeOpeningHours.opens)),
    db.select().from(homeContent).where(eq(homeContent.tenantId, tenantId)),
  ]);
  return {
    row: tenant,
    hosts: hostRows,
    brands: brandRows,
    stores: storeRows,
    hours: hourRows,
    home,
  };
}
export type Tenant = NonNullable<Awaited<ReturnType<typeof loadTenant>>>;

/** The shop's hosts in their order (links in messages sent without a request). */
export async function hostsOfTenant(db: Executor, tenantId: string) {
  return db
    .select()
    .from(tenantHosts)
    .where(eq(tenantHosts.tenantId, tenantId))
    .orderBy(asc(tenantHosts.position));
}

export async function findAsset(db: Executor, tenantId: string, name: string) {
  const [row] = await db
    .select()
    .from(tenantAssets)
    .where(and(eq(tenantAssets.tenantId, tenantId), eq(tenantAssets.name, name)));
  return row ?? null;
}

export async function listAssets(db: Executor, tenantId: string) {
  return db.select().from(tenantAssets).where(eq(tenantAssets.tenantId, tenantId));
}

/** Hosts of the list that belong to a tenant other than `slug`. */
export async function hostsOwnedElsewhere(db: Executor, slug: string, hosts: string[]) {
  if (hosts.length === 0) return [];
  return db
    .select({ host: tenantHosts.host, owner: tenants.slug })
    .from(tenantHosts)
    .innerJoin(tenants, eq(tenants.id, tenantHosts.tenantId))
    .where(and(inArray(tenantHosts.host, hosts), ne(tenants.slug, slug)));
}

/** How many of the things an owner recognises a shop holds. */
export async function countTenantData(db: Executor, tenantId: string) {
  const count = (table: string) =>
    sql<number>`(select count(*) from ${sql.identifier(table)} where tenant_id = ${tenantId})::int`;
  const [row] = await db
    .select({
      stores: count('stores'),
      dishes: count('menu_items'),
      customers: count('customers'),
      orders: count('orders'),
      bookings: count('bookings'),
      staff: count('staff_members'),
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row!;
}

/**
 * Deletes a shop whole: every table's rows cascade from the tenant row (the audit log's trigger
 * lets its rows go once the tenant row is gone), then its order-number sequence. Runs inside
 * the caller's transaction; every process drops the shop from its cache.
 */
export async function removeTenant(tx: Executor, tenantId: string) {
  await tx.delete(tenants).where(eq(tenants.id, tenantId));
  await tx.execute(sql.raw(`drop sequence if exists ${orderNumberSequence(tenantId)}`));
  await tx.execute(sql`select pg_notify(${TENANT_CHANGED_CHANNEL}, ${tenantId})`);
}

/** The name of a shop's order-number sequence (its id is a uuid: nothing to escape). */
export function orderNumberSequence(tenantId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  return `order_numbers_${tenantId.replaceAll('-', '')}`;
}

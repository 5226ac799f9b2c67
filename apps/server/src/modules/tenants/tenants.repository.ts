import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { SiteVariant } from '@servery/contract/config';
import type { TenantDocument } from '@servery/contract/tenant-document';
import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { Executor } from '../../db/client.ts';
import { writeCatalogue } from '../menu/catalogue.repository.ts';
import { writePromos } from '../promos/promos.repository.ts';
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
export async function loadTenantAggregate(db: Executor, tenantId: string) {
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
  return { tenant, hosts: hostRows, brands: brandRows, stores: storeRows, hours: hourRows, home };
}
export type TenantAggregate = NonNullable<Awaited<ReturnType<typeof loadTenantAggregate>>>;

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

/**
 * Writes a whole tenant document over what is stored for its slug. Stores and brands keep
 * their ids (later tables refer to them); what the document no longer lists is removed.
 * Runs inside the caller's transaction.
 */
export async function writeTenant(tx: Executor, doc: TenantDocument, assets: AssetFile[]) {
  const [tenant] = await tx
    .insert(tenants)
    .values({
      slug: doc.slug,
      websiteName: doc.websiteName,
      config: doc.config,
      legal: doc.legal ?? null,
      booking: doc.booking,
      payments: doc.payments ?? null,
    })
    .onConflictDoUpdate({
      target: tenants.slug,
      set: {
        websiteName: doc.websiteName,
        config: doc.config,
        legal: doc.legal ?? null,
        booking: doc.booking,
        payments: doc.payments ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  // Its order numbers (docs/decisions/0011): created once, left alone by later imports.
  await tx.execute(
    sql.raw(`create sequence if not exists ${orderNumberSequence(tenantId)} start with 1001`),
  );

  await tx.delete(tenantHosts).where(eq(tenantHosts.tenantId, tenantId));
  await tx
    .insert(tenantHosts)
    .values(doc.hosts.map((h, position) => ({ ...h, tenantId, position })));

  await tx.delete(tenantAssets).where(eq(tenantAssets.tenantId, tenantId));
  if (assets.length) await tx.insert(tenantAssets).values(assets.map((a) => ({ ...a, tenantId })));

  await tx.delete(brands).where(
    doc.brands.length
      ? and(
          eq(brands.tenantId, tenantId),
          notInArray(
            brands.slug,
            doc.brands.map((b) => b.slug),
          ),
        )
      : eq(brands.tenantId, tenantId),
  );
  for (const [position, brand] of doc.brands.entries()) {
    const values = { ...brand, tenantId, position };
    await tx
      .insert(brands)
      .values(values)
      .onConflictDoUpdate({ target: [brands.tenantId, brands.slug], set: values });
  }

  const menuIds = await writeCatalogue(tx, tenantId, doc);
  await writePromos(tx, tenantId, doc.promos);

  const storeIds = new Map<string, string>();
  for (const [position, store] of doc.stores.entries()) {
    const { openingHours: _hours, menu, pause, specialDays, ...fields } = store;
    const values = {
      ...fields,
      // Absent in the document means none: an import states the whole shop.
      pause: pause ?? null,
      specialDays: specialDays ?? [],
      menuId: menu ? menuIds.get(menu)! : null,
      tenantId,
      position,
    };
    const [row] = await tx
      .insert(stores)
      .values(values)
      .onConflictDoUpdate({
        target: [stores.tenantId, stores.slug],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning({ id: stores.id });
    storeIds.set(store.slug, row!.id);
  }

  await tx.delete(storeOpeningHours).where(eq(storeOpeningHours.tenantId, tenantId));
  const hourRows = doc.stores.flatMap((store) =>
    WEEKDAYS.flatMap((day, index) =>
      (store.openingHours[day] ?? []).map((range) => ({
        tenantId,
        storeId: storeIds.get(store.slug)!,
        weekday: index + 1,
        opens: range.opens,
        closes: range.closes,
      })),
    ),
  );
  if (hourRows.length) await tx.insert(storeOpeningHours).values(hourRows);

  const home = { mainStoreId: storeIds.get(doc.home.mainStore)!, banners: doc.home.banners };
  await tx
    .insert(homeContent)
    .values({ tenantId, ...home })
    .onConflictDoUpdate({ target: homeContent.tenantId, set: { ...home, updatedAt: sql`now()` } });

  await tx
    .delete(stores)
    .where(and(eq(stores.tenantId, tenantId), notInArray(stores.slug, [...storeIds.keys()])));

  await tx.execute(sql`select pg_notify(${TENANT_CHANGED_CHANNEL}, ${tenantId})`);
  return tenantId;
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

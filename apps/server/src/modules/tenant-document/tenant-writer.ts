import { eq, notInArray, and, sql } from 'drizzle-orm';
import type { TenantDocument } from '@servery/contract/tenant-document';
import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { Executor } from '../../db/client.ts';
import { brands, homeContent, stores, storeOpeningHours } from '../../db/schema.ts';
import { tenantAssets, tenantHosts, tenants } from '../../db/schema.ts';
import { writeCatalogue, writeItemStores } from '../catalogue/catalogue.repository.ts';
import { writePromos } from '../promos/promos.repository.ts';
import {
  TENANT_CHANGED_CHANNEL,
  orderNumberSequence,
  type AssetFile,
} from '../tenants/tenants.repository.ts';

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

  const storeIds = new Map<string, string>();
  for (const [position, store] of doc.stores.entries()) {
    const { openingHours: _hours, menu, pause, specialDays, busyUntil, ...fields } = store;
    const values = {
      ...fields,
      // Absent in the document means none: an import states the whole shop.
      pause: pause ?? null,
      busyUntil: busyUntil ? new Date(busyUntil) : null,
      specialDays: specialDays ?? [],
      slotCap: store.slotCap ?? null,
      slotCapUnit: store.slotCapUnit ?? 'orders',
      autoAcceptMinutes: store.autoAcceptMinutes ?? null,
      autoPrint: store.autoPrint ?? false,
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

  // After the stores: a code for some stores names them by id (issue 28).
  await writePromos(tx, tenantId, doc.promos, storeIds);
  await writeItemStores(tx, tenantId, doc, storeIds);

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

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stores, tenantAssets, tenants } from '../../db/schema.ts';
import type { StoreRow } from '../service/service.repository.ts';
import type { AssetFile } from '../tenants/tenants.repository.ts';

type TenantRow = typeof tenants.$inferSelect;

/** The shop's name and settings (the row is locked by the caller). */
export async function saveIdentity(
  tx: Executor,
  tenantId: string,
  values: Pick<TenantRow, 'websiteName' | 'config'>,
) {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

export type StoreContactValues = Pick<
  StoreRow,
  'addressLine1' | 'addressLine2' | 'city' | 'postcode' | 'phone' | 'directionLink'
>;

/** A store's address and phone (the row is locked by the caller). */
export async function saveStoreContact(tx: Executor, storeId: string, values: StoreContactValues) {
  const [row] = await tx
    .update(stores)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId))
    .returning();
  return row!;
}

/**
 * A logo among the shop's assets, where the tenant document's files live (decision 1): every
 * process serves the same bytes, and `tenant export` writes it beside the document. Its name
 * is its hash, so the same file uploaded twice is one row.
 */
export async function storeLogo(tx: Executor, tenantId: string, asset: AssetFile) {
  await tx
    .insert(tenantAssets)
    .values({ ...asset, tenantId })
    .onConflictDoNothing();
}

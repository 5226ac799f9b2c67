import type { PromoDocument } from '@servery/contract/promo';
import type { StoreDocument } from '@servery/contract/tenant-document';
import type { PromoRow } from '../promos/promos.repository.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';

type StoreRow = Tenant['stores'][number];

/**
 * What the staff app's capacity and automation editor set on a store, for the tenant document
 * (issue 28). Written only when set, so documents of shops that never used them export as
 * before.
 */
export function automationDocumentOf(
  store: StoreRow,
): Pick<StoreDocument, 'slotCap' | 'slotCapUnit' | 'autoAcceptMinutes' | 'autoPrint'> {
  return {
    ...(store.slotCap !== null ? { slotCap: store.slotCap, slotCapUnit: store.slotCapUnit } : {}),
    ...(store.autoAcceptMinutes !== null ? { autoAcceptMinutes: store.autoAcceptMinutes } : {}),
    ...(store.autoPrint ? { autoPrint: true } : {}),
  };
}

/** A code's stores (by slug) and first-order rule, written only when set. */
export function promoScopeDocumentOf(
  promo: PromoRow,
  stores: readonly StoreRow[],
): Pick<PromoDocument, 'stores' | 'firstOrderOnly'> {
  const slugs = promo.storeIds
    .map((id) => stores.find((s) => s.id === id)?.slug)
    .filter((slug): slug is string => slug !== undefined);
  return {
    ...(slugs.length ? { stores: slugs } : {}),
    ...(promo.firstOrderOnly ? { firstOrderOnly: true } : {}),
  };
}

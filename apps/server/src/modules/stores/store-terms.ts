import type { TermsStore } from '@servery/contract/delivery-terms';
import type { Tenant } from '../tenants/tenants.repository.ts';

type StoreRow = Tenant['stores'][number];

/**
 * A store row as the contract's delivery terms read it (delivery-terms.ts): the one rule for
 * where a store delivers and its minimums, shared by POST /api/order, the delivery check and the
 * checkout's quote.
 */
export function termsStoreOf(
  store: Pick<StoreRow, 'name' | 'minimumOrder' | 'deliveryZones'>,
): TermsStore {
  return {
    name: store.name,
    minimum_order: store.minimumOrder,
    delivery_zones: store.deliveryZones.map((zone) => ({
      district: zone.district,
      fee: zone.fee,
      minimum_order: zone.minimumOrder,
    })),
  };
}

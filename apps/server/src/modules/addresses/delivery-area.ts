import { outsideDeliveryAreaMessage } from '@servery/contract/address';
import { zoneOf } from '@servery/contract/delivery-terms';
import { postcodeDistrict } from '@servery/contract/postcode';
import { AppError } from '../../lib/app-error.ts';
import { termsStoreOf } from '../stores/store-terms.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';

/**
 * An address is saved to be delivered to (issue 30): one outside the zones of every store that
 * delivers (a closed store's too: it will reopen) is refused with a 422 on `postcode`. A shop
 * that delivers nowhere has no area to check against, so it keeps any address.
 */
export function requireDeliveryArea(tenant: Tenant, postcode: string): void {
  const delivering = tenant.stores.filter(
    (store) => store.orderTypes.includes('delivery') && store.deliveryZones.length > 0,
  );
  if (delivering.length === 0) return;
  if (delivering.some((store) => zoneOf(termsStoreOf(store), postcode))) return;
  const message = outsideDeliveryAreaMessage(postcodeDistrict(postcode));
  throw new AppError(422, 'outside_delivery_area', message, { postcode: message });
}

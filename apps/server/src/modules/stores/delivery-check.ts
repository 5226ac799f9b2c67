import { normalisePostcode } from '@servery/contract/postcode';
import type { DeliveryCheck } from '@servery/contract/api-responses';
import type { AvailableTimings } from '@servery/contract/order';
import { deliveryTerms } from '@servery/contract/delivery-terms';
import { busyMinutesAt } from '@servery/contract/clock';
import { badRequest } from '../../lib/app-error.ts';
import { termsStoreOf } from './store-terms.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';

type StoreRow = Tenant['stores'][number];

/** The store's delivery to `raw` (a UK postcode as typed), asked at `at`; 400 when it is not one. */
export function deliveryCheckOf(store: StoreRow, raw: string, at: Date): DeliveryCheck {
  const postcode = normalisePostcode(raw);
  if (!postcode) {
    throw badRequest('Enter a full UK postcode, such as E1 6RL.', {
      postcode: 'Enter a full UK postcode, such as E1 6RL.',
    });
  }
  // The rule POST /api/order applies (the contract's delivery terms), for a store that delivers.
  const terms = store.orderTypes.includes('delivery')
    ? deliveryTerms(termsStoreOf(store), 'delivery', postcode)
    : null;
  if (!terms?.zone) {
    return {
      postcode,
      delivers: false,
      fee: null,
      minimum_order: null,
      delivery_minutes: null,
      first_delivery: null,
    };
  }
  return {
    postcode,
    delivers: true,
    fee: terms.fee,
    minimum_order: terms.minimum,
    delivery_minutes:
      store.preparationMinutes +
      busyMinutesAt(store, at) +
      travelMinutesOf(store, terms.zone.district),
    first_delivery: null,
  };
}

/**
 * A closed store's first delivery slot (issue 30), so the menu says "first delivery about
 * 12:15 PM" rather than a vague "when it opens"; null while it is open (the minutes say it).
 */
export function firstDeliveryOf(timings: AvailableTimings): DeliveryCheck['first_delivery'] {
  if (timings.asap.available) return null;
  const day = timings.days.find((d) => d.slots.length > 0);
  const slot = day?.slots[0];
  return day && slot ? { at: slot.at, day: day.label, time: slot.label } : null;
}

/** Minutes on the road to a zone: its own (issue 28), or the store's. */
export function travelMinutesOf(
  store: Pick<StoreRow, 'deliveryZones' | 'deliveryMinutes'>,
  area: string,
): number {
  const zone = store.deliveryZones.find((z) => z.district === area);
  return zone?.travelMinutes ?? store.deliveryMinutes;
}

/**
 * The store as a delivery to `postcode` is timed (issue 28): its minutes on the road are those of
 * the zone that covers the postcode (a sector's before its district's), else the store's. ASAP,
 * the offered slots and POST /api/order's check of the time all read `deliveryMinutes`.
 */
export function timedFor<
  S extends Pick<StoreRow, 'name' | 'minimumOrder' | 'deliveryZones' | 'deliveryMinutes'>,
>(store: S, postcode: string | null): S {
  if (!postcode) return store;
  const zone = deliveryTerms(termsStoreOf(store), 'delivery', postcode).zone;
  return zone ? { ...store, deliveryMinutes: travelMinutesOf(store, zone.district) } : store;
}

export function deliveryCheckMessage(storeName: string, check: DeliveryCheck): string {
  return check.delivers
    ? `${storeName} delivers to ${check.postcode}.`
    : `${storeName} does not deliver to ${check.postcode}.`;
}

import type { OrderRequest } from '@servery/contract/order';
import { clockTime, formatClockTime } from '@servery/contract/clock';
import type { Tenant } from '../../tenants/tenants.repository.ts';
import { asapOffer, isOfferedSlot } from '../../stores/timings.ts';
import type { OrderStore } from './store-check.ts';
import { rule } from './rule.ts';

/**
 * Step 4, the time: as soon as possible (its preparation time, the busy extra and, for
 * delivery, the ride) when the timings offer it, i.e. the store is open and the order is ready
 * by closing time (a delivery at the door by closing plus the ride); or exactly one of the
 * slots offered now.
 */
export function orderTime(
  store: OrderStore,
  hours: Tenant['hours'],
  body: Pick<OrderRequest, 'when' | 'order_type'>,
  at: Date,
  timeZone: string,
): Date {
  const timingStore = { ...store, hours: hours.filter((h) => h.storeId === store.id) };
  if (body.when === 'asap') {
    const offer = asapOffer(timingStore, body.order_type, at, timeZone);
    if (offer.kind === 'closed') {
      throw rule('when', `${store.name} is closed right now. Choose a later time.`);
    }
    if (offer.kind === 'closing') {
      const closes = formatClockTime(clockTime(offer.closes, timeZone));
      throw rule(
        'when',
        `${store.name} closes at ${closes}, too soon for a new order. Choose a later time.`,
      );
    }
    return offer.at;
  }
  const scheduledFor = new Date(body.when);
  if (!isOfferedSlot(timingStore, body.order_type, scheduledFor, at, timeZone)) {
    throw rule('when', 'That time is no longer available. Please choose another.');
  }
  return scheduledFor;
}

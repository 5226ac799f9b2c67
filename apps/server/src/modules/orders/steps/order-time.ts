import type { OrderRequest } from '@servery/contract/order';
import { openingState } from '../../stores/opening.ts';
import type { Tenant } from '../../tenants/tenants.repository.ts';
import { isOfferedSlot } from '../../stores/timings.ts';
import type { OrderStore } from './store-check.ts';
import { rule } from './rule.ts';

/**
 * Step 4, the time: as soon as possible while the store is open (its preparation time, the busy
 * extra and, for delivery, the ride), or exactly one of the slots offered now.
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
    if (!openingState(timingStore.hours, at, timeZone, store.specialDays).isOpen) {
      throw rule('when', `${store.name} is closed right now. Choose a later time.`);
    }
    const travel = body.order_type === 'delivery' ? store.deliveryMinutes : 0;
    const lead = store.preparationMinutes + store.busyExtraMinutes + travel;
    return new Date(at.getTime() + lead * 60_000);
  }
  const scheduledFor = new Date(body.when);
  if (!isOfferedSlot(timingStore, body.order_type, scheduledFor, at, timeZone)) {
    throw rule('when', 'That time is no longer available. Please choose another.');
  }
  return scheduledFor;
}

import type { AvailableTimings, Order } from '@servery/contract/order';
import { shopClockTime, shopDate } from '../../lib/shop-time.ts';

// Issue 30: the time an order is for is on screen before the customer pays, in the words the
// time field uses: "As soon as possible, about 45 min" or "Today, 12:15 PM".

/** The chosen time at checkout, from the store's offered times; null while there is none. */
export function chosenTimeText(when: string | null, timings: AvailableTimings | undefined) {
  if (!when || !timings) return null;
  if (when === 'asap') {
    return timings.asap.minutes !== null
      ? `As soon as possible, about ${timings.asap.minutes} min`
      : 'As soon as possible';
  }
  for (const day of timings.days) {
    const slot = day.slots.find((s) => s.at === when);
    if (slot) return `${day.label}, ${slot.label}`;
  }
  return null;
}

/**
 * Why ASAP is not offered while the store is open: it closes before an order could be ready or
 * delivered (the server's `closes_at`), or its kitchen has no room in the quarter hour an order
 * would be ready in (`full`, the slot cap). Null when ASAP is offered or the store is closed now.
 */
export function closingSoonText(storeName: string, timings: AvailableTimings, timeZone: string) {
  if (timings.asap.available) return null;
  const closes = timings.asap.closes_at;
  if (closes) {
    return `${storeName} closes at ${shopClockTime(closes, timeZone)}, too soon for a new order`;
  }
  return timings.asap.full
    ? `The kitchen at ${storeName} is full for the next quarter hour: choose a later time`
    : null;
}

const DAY_MS = 86_400_000;

/** "Today", "Tomorrow" or the day's date, on the shop's clock. */
function dayWord(iso: string, timeZone: string, now: Date) {
  const day = shopDate(iso, timeZone);
  if (day === shopDate(now.toISOString(), timeZone)) return 'Today';
  if (day === shopDate(new Date(now.getTime() + DAY_MS).toISOString(), timeZone)) return 'Tomorrow';
  return day;
}

/** The time a placed order is for, as /payment says it. */
export function orderTimeText(order: Order, timeZone: string, now = new Date()) {
  if (order.asap) {
    const minutes = Math.round(
      (new Date(order.scheduled_for).getTime() - new Date(order.created_at).getTime()) / 60_000,
    );
    return minutes > 0 ? `As soon as possible, about ${minutes} min` : 'As soon as possible';
  }
  return `${dayWord(order.scheduled_for, timeZone, now)}, ${shopClockTime(order.scheduled_for, timeZone)}`;
}

import type { DeskOrder } from '@servery/contract/desk';
import { shopClockTime, shopDateTime } from '../../lib/shop-time.ts';

const MINUTE = 60_000;

/**
 * An order's times in the words the card and the ticket give them, the kitchen's first. A
 * delivery's time (asked for, or promised on accepting) is at the customer's door, its ride
 * counted in (decision 75), so the food must be ready that ride earlier:
 * - `ready`: "Ready by 7:15 PM" ("ASAP, ready by" while an ASAP order waits for an answer);
 * - `customer`: what the customer counts on: "At the door 7:40 PM · 25 min ride", or
 *   "Customer collects 7:40 PM".
 * `withDate` gives the ready time its day (a ticket of a pre-order not accepted yet).
 */
export function kitchenTimes(order: DeskOrder, timeZone: string, withDate = false) {
  const due = order.promised_at ?? order.scheduled_for;
  const ride = order.order_type === 'delivery' ? (order.ride_minutes ?? 0) : 0;
  const ready = new Date(Date.parse(due) - ride * MINUTE).toISOString();
  const waitingAsap = order.promised_at === null && order.asap;
  const clock = (iso: string) => shopClockTime(iso, timeZone);
  return {
    ready: `${waitingAsap ? 'ASAP, ready by' : 'Ready by'} ${withDate ? shopDateTime(ready, timeZone) : clock(ready)}`,
    customer:
      order.order_type === 'delivery'
        ? `At the door ${clock(due)}${ride > 0 ? ` · ${ride} min ride` : ''}`
        : `Customer collects ${clock(due)}`,
  };
}

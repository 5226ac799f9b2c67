import { dateFormat, localDate } from '@servery/contract/clock';
import type { StoreSummary } from '@servery/contract/menu';
import { useMoney } from '../../../lib/money.ts';
import { shopClockTime, useShopTimeZone } from '../../../lib/shop-time.ts';

/**
 * "Mon" … "Sun" for the server's weekday names; "tomorrow" as the calendar day after today on
 * the shop's clock (a day, not 24 hours: the night before the clocks go forward has 23).
 */
function shortDay(day: string, now: Date, timeZone: string): string {
  if (day !== 'tomorrow') return day.slice(0, 3);
  const [y, m, d] = localDate(now, timeZone).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y!, m! - 1, d! + 1, 12));
  return dateFormat({ weekday: 'short', timeZone: 'UTC' }).format(tomorrow);
}

/**
 * When, in the fewest words: "Opens 11:30 AM", "Opens Mon 11:30 AM" or "Last orders 10:40 PM"
 * from the server's "Opens at …", "Opens Monday at …" and its last order time. While open the
 * line says what the checkout does (walk item 28): the last moment an order is taken, the
 * closing less the kitchen's time, not the closing ("Open till 11:00 PM" while the checkout
 * already refused); once past, "Last orders were 10:40 PM" (orders for later still go through).
 * Another day is named short ("Opens Sat 12:30 AM", not "Opens tomorrow 12:30 AM"): at 375 px
 * the long name pushed the fee and minimum onto a second line.
 */
export function storeWhen(store: StoreSummary, now: Date, timeZone: string): string {
  const text = store.status_text ?? '';
  if (store.is_closed) return text || 'Closed';
  if (store.is_open_now) {
    // An opening that runs past the next day ("Closes Monday at …") is simply open now.
    if (!text.startsWith('Closes at ') || !store.last_order_at) return 'Open now';
    const time = shopClockTime(store.last_order_at, timeZone);
    return now.getTime() <= Date.parse(store.last_order_at)
      ? `Last orders ${time}`
      : `Last orders were ${time}`;
  }
  const another = /^Opens (\S+) at (.+)$/.exec(text);
  if (another) return `Opens ${shortDay(another[1]!, now, timeZone)} ${another[2]}`;
  return text ? text.replace(' at ', ' ') : 'Closed now';
}

/**
 * The store's facts in one line on the menu (issue 30: the first screen of a phone shows
 * dishes, not paragraphs): when (open till, or when it opens), the delivery fee and the minimum
 * order. Ordering ahead works while it is closed; the checkout says so before paying.
 */
export function StoreFactsLine({ store }: { store: StoreSummary }) {
  const money = useMoney();
  const timeZone = useShopTimeZone();
  const now = new Date();
  const taking =
    store.is_open_now && (!store.last_order_at || now.getTime() <= Date.parse(store.last_order_at));
  const delivers = store.order_types.includes('delivery') && store.delivery_zones.length > 0;
  const fees = store.delivery_zones.map((zone) => zone.fee);
  const minimums = store.delivery_zones.map((zone) => zone.minimum_order);
  // Zones that differ: the least, with a plus ("£1.99+"); the postcode check gives the exact.
  const from = (values: number[]) =>
    `${money(Math.min(...values))}${new Set(values).size > 1 ? '+' : ''}`;
  const terms = delivers
    ? [`${from(fees)} delivery`, `${from(minimums)} min`]
    : ['Collection only', store.minimum_order > 0 ? `${money(store.minimum_order)} min` : null];
  return (
    <p className="mt-1 text-sm text-stone-800" data-testid="store-facts">
      <span className={`font-semibold ${taking ? 'text-emerald-800' : 'text-stone-900'}`}>
        {storeWhen(store, now, timeZone)}
      </span>
      {terms
        .filter(Boolean)
        .map((term) => ` · ${term}`)
        .join('')}
    </p>
  );
}

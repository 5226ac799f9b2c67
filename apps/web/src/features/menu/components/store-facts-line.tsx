import type { StoreSummary } from '@servery/contract/menu';
import { useMoney } from '../../../lib/money.ts';

/**
 * When, in the fewest words: "Opens 11:30 AM", "Opens Monday 11:30 AM" or "Open till
 * 11:00 PM" from the server's "Opens at …" and "Closes at …".
 */
export function storeWhen(store: StoreSummary): string {
  const text = store.status_text ?? '';
  if (store.is_closed) return text || 'Closed';
  if (store.is_open_now) {
    return text.startsWith('Closes at ') ? `Open till ${text.slice(10)}` : 'Open now';
  }
  return text ? text.replace(' at ', ' ') : 'Closed now';
}

/**
 * The store's facts in one line on the menu (issue 30: the first screen of a phone shows
 * dishes, not paragraphs): when (open till, or when it opens), the delivery fee and the minimum
 * order. Ordering ahead works while it is closed; the checkout says so before paying.
 */
export function StoreFactsLine({ store }: { store: StoreSummary }) {
  const money = useMoney();
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
      <span
        className={`font-semibold ${store.is_open_now ? 'text-emerald-800' : 'text-stone-900'}`}
      >
        {storeWhen(store)}
      </span>
      {terms
        .filter(Boolean)
        .map((term) => ` · ${term}`)
        .join('')}
    </p>
  );
}

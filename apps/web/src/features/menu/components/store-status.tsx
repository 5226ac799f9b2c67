import type { StoreSummary } from '@servery/contract/menu';
import { BADGE_CLASS } from '../../../components/ui/card.tsx';

// Apart from store-facts.tsx: the menu shows only this of a store's facts on its first paint.

/** "Open · Closes at 11:00 PM" or "Closed · Opens at 5:00 PM". */
export function StoreStatus({ store }: { store: StoreSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className={`${BADGE_CLASS} ${store.is_open_now ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-900'}`}
      >
        {store.is_open_now ? 'Open now' : 'Closed now'}
      </span>
      {store.status_text ? <span className="text-stone-700">{store.status_text}</span> : null}
    </p>
  );
}

import { useRef, useState, type KeyboardEvent } from 'react';
import type { OrderType } from '@servery/contract/menu';
import { ORDER_TYPE_LABELS, StoreDetails, storeAddress } from '../store-facts.tsx';
import { StoreStatus } from '../store-status.tsx';
import { CARD_CLASS } from '../../../../components/ui/card.tsx';
import { ChooseStoreButton, CurrentBadge, type Listing } from './store-listing.tsx';

const TYPES: OrderType[] = ['delivery', 'collection'];

/** /list_store8: tabs by order type; each lists the stores offering it. */
export function OrderTypeTabsLayout({ listing }: { listing: Listing }) {
  const [type, setType] = useState<OrderType>('delivery');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = listing.stores.filter((s) => s.order_types.includes(type));

  const handleKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TYPES.length) % TYPES.length;
    setType(TYPES[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Order type"
        className="inline-flex rounded-full bg-stone-200 p-1"
      >
        {TYPES.map((t, index) => (
          <button
            key={t}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={t === type}
            aria-controls="order-type-panel"
            tabIndex={t === type ? 0 : -1}
            onClick={() => setType(t)}
            onKeyDown={(event) => handleKey(event, index)}
            className={`rounded-full px-5 py-2 font-semibold ${t === type ? 'bg-white shadow-sm' : 'text-stone-800'}`}
          >
            {ORDER_TYPE_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="order-type-panel" aria-labelledby={`tab-${type}`} className="mt-4">
        {shown.length === 0 ? (
          <p>No store offers {ORDER_TYPE_LABELS[type].toLowerCase()} at the moment.</p>
        ) : (
          <ul className="space-y-3">
            {shown.map((store) => (
              <li key={store.id} className={`${CARD_CLASS} flex flex-wrap items-center gap-4`}>
                <div className="min-w-0 flex-1 space-y-1">
                  <h2 className="text-lg font-semibold">{store.name}</h2>
                  <StoreStatus store={store} />
                  <p className="text-sm">{storeAddress(store)}</p>
                  <p className="text-sm text-stone-700">
                    {type === 'delivery'
                      ? `Delivers to ${store.delivery_zones.map((z) => z.district).join(', ')}`
                      : `Collection in about ${store.preparation_minutes} minutes${
                          store.minimum_order > 0
                            ? `, minimum order ${listing.money(store.minimum_order)}`
                            : ''
                        }`}
                  </p>
                </div>
                <ChooseStoreButton store={store} listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** /list_store9: one big button a store, for thumbs on a phone. */
export function BigButtonsLayout({ listing }: { listing: Listing }) {
  return (
    <ul className="mx-auto max-w-lg space-y-3">
      {listing.stores.map((store) => (
        <li key={store.id}>
          {store.menu_id ? (
            <button
              type="button"
              onClick={() => listing.choose(store.id)}
              disabled={listing.pendingId !== null}
              className="flex min-h-24 w-full items-center gap-4 rounded-2xl border-2 border-primary bg-white p-5 text-left shadow-sm outline-offset-4 hover:bg-stone-100 disabled:opacity-60"
            >
              <span className="min-w-0 flex-1">
                <span className="block text-xl font-bold">{store.name}</span>
                <span className="block text-stone-700">
                  {store.is_open_now ? 'Open now' : 'Closed now'}
                  {store.status_text ? ` · ${store.status_text}` : ''}
                </span>
                <span className="block text-sm text-stone-700">{store.address_line1}</span>
              </span>
              <span aria-hidden="true" className="text-3xl text-primary">
                ›
              </span>
            </button>
          ) : (
            <div className="rounded-2xl border-2 border-stone-300 bg-white p-5">
              <p className="text-xl font-bold">{store.name}</p>
              <p className="text-stone-700">No online menu yet</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /list_store10: the stores on the left, the one picked in full on the right. */
export function DetailsPanelLayout({ listing }: { listing: Listing }) {
  const [shownId, setShownId] = useState(listing.currentId ?? listing.stores[0]!.id);
  const store = listing.stores.find((s) => s.id === shownId) ?? listing.stores[0]!;
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
      <ul className="space-y-2" aria-label="Stores">
        {listing.stores.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-pressed={s.id === store.id}
              onClick={() => setShownId(s.id)}
              className={`w-full rounded-xl border px-4 py-3 text-left ${
                s.id === store.id
                  ? 'border-primary bg-white shadow-sm'
                  : 'border-stone-300 bg-stone-50 hover:bg-white'
              }`}
            >
              <span className="block font-semibold">{s.name}</span>
              <span className="block text-sm text-stone-700">
                {s.is_open_now ? 'Open now' : 'Closed now'}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="store-panel-title"
        aria-live="polite"
        className={`${CARD_CLASS} space-y-4`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="store-panel-title" className="text-2xl font-semibold">
            {store.name}
          </h2>
          <CurrentBadge store={store} listing={listing} />
        </div>
        <StoreDetails store={store} money={listing.money} />
        <ChooseStoreButton store={store} listing={listing} />
      </section>
    </div>
  );
}

/** /list_store12: plain text, nothing else. */
export function MinimalLayout({ listing }: { listing: Listing }) {
  return (
    <ul className="space-y-4">
      {listing.stores.map((store) => (
        <li key={store.id}>
          <h2 className="font-semibold">{store.name}</h2>
          <p className="text-stone-800">
            {storeAddress(store)}. {store.is_open_now ? 'Open now' : 'Closed now'}
            {store.status_text ? `, ${store.status_text.toLowerCase()}` : ''}.{' '}
            {store.menu_id ? (
              <button
                type="button"
                onClick={() => listing.choose(store.id)}
                disabled={listing.pendingId !== null}
                className="font-medium text-primary underline underline-offset-2"
              >
                Order here<span className="sr-only"> for {store.name}</span>
              </button>
            ) : (
              'No online menu yet.'
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

import { StoreHours, StorePhone, orderTypesText, storeAddress } from '../store-facts.tsx';
import { StoreStatus } from '../store-status.tsx';
import { LINK_CLASS } from '../../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../../components/ui/card.tsx';
import { ChooseStoreButton, CurrentBadge, type Listing } from './store-listing.tsx';

/*
 * Store listing layouts (architecture.md: one data source, a distinct layout each; the tenant's
 * navigation chooses which one it links to).
 */

/** /list_store: a grid of cards. */
export function CardsLayout({ listing }: { listing: Listing }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {listing.stores.map((store) => (
        <li key={store.id} className={`${CARD_CLASS} flex flex-col gap-2`}>
          <h2 className="text-lg font-semibold">{store.name}</h2>
          <CurrentBadge store={store} listing={listing} />
          <StoreStatus store={store} />
          <p className="text-sm">{storeAddress(store)}</p>
          <p className="text-sm text-stone-700">
            {orderTypesText(store)} · ready in about {store.preparation_minutes} min
          </p>
          <div className="mt-auto pt-2">
            <ChooseStoreButton store={store} listing={listing} className="w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /list_store3: a compact list, one row a store. */
export function CompactLayout({ listing }: { listing: Listing }) {
  return (
    <ul className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm">
      {listing.stores.map((store) => (
        <li key={store.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold">
              {store.name} <CurrentBadge store={store} listing={listing} />
            </h2>
            <p className="text-sm text-stone-700">
              {store.is_open_now ? 'Open' : 'Closed'}
              {store.status_text ? ` · ${store.status_text}` : ''} · {orderTypesText(store)}
            </p>
          </div>
          <ChooseStoreButton store={store} listing={listing} outline />
        </li>
      ))}
    </ul>
  );
}

/** /list_store4: a table to compare stores side by side. */
export function TableLayout({ listing }: { listing: Listing }) {
  return (
    <div
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label="Stores compared"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Our stores, their hours today and what they offer</caption>
        <thead className="bg-stone-100">
          <tr>
            <th scope="col" className="px-4 py-3">
              Store
            </th>
            <th scope="col" className="px-4 py-3">
              Now
            </th>
            <th scope="col" className="px-4 py-3">
              Address
            </th>
            <th scope="col" className="px-4 py-3">
              Order types
            </th>
            <th scope="col" className="px-4 py-3">
              Ready in
            </th>
            <th scope="col" className="px-4 py-3">
              Minimum order
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Choose</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {listing.stores.map((store) => (
            <tr key={store.id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {store.name}
              </th>
              <td className="px-4 py-3">
                {store.is_open_now ? 'Open' : 'Closed'}
                {store.status_text ? (
                  <span className="block text-stone-700">{store.status_text}</span>
                ) : null}
              </td>
              <td className="px-4 py-3">{storeAddress(store)}</td>
              <td className="px-4 py-3">{orderTypesText(store)}</td>
              <td className="px-4 py-3">{store.preparation_minutes} min</td>
              <td className="px-4 py-3">
                {store.minimum_order > 0 ? listing.money(store.minimum_order) : 'None'}
              </td>
              <td className="px-4 py-3">
                <ChooseStoreButton store={store} listing={listing} className="whitespace-nowrap" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /list_store5: a map-style list of addresses, each numbered like a pin. */
export function AddressesLayout({ listing }: { listing: Listing }) {
  return (
    <ol className="space-y-4">
      {listing.stores.map((store, index) => (
        <li key={store.id} className={`${CARD_CLASS} flex gap-4`}>
          <span
            aria-hidden="true"
            className="grid h-10 w-10 shrink-0 place-items-center rounded-full rounded-br-none bg-primary font-bold text-on-primary"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1 space-y-2">
            <h2 className="text-lg font-semibold">{store.name}</h2>
            <p className="text-2xl font-bold tracking-wide">{store.postcode}</p>
            <p>{storeAddress(store)}</p>
            <p className="text-sm">
              <StorePhone store={store} /> · {store.is_open_now ? 'Open now' : 'Closed now'}
            </p>
            <div className="flex flex-wrap gap-2 pt-1">
              <a
                href={store.direction_link}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center rounded-lg border border-stone-400 px-4 py-2.5 font-semibold"
              >
                Get directions<span className="sr-only"> to {store.name} (opens in a new tab)</span>
              </a>
              <ChooseStoreButton store={store} listing={listing} />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** /list_store6: opening hours first. */
export function HoursLayout({ listing }: { listing: Listing }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {listing.stores.map((store) => (
        <li key={store.id} className={`${CARD_CLASS} space-y-3`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{store.name}</h2>
            <StoreStatus store={store} />
          </div>
          <StoreHours store={store} />
          <p className="text-sm text-stone-700">
            {storeAddress(store)} ·{' '}
            <a href={store.direction_link} target="_blank" rel="noreferrer" className={LINK_CLASS}>
              Directions<span className="sr-only"> to {store.name} (opens in a new tab)</span>
            </a>
          </p>
          <ChooseStoreButton store={store} listing={listing} outline className="w-full" />
        </li>
      ))}
    </ul>
  );
}

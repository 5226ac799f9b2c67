import { StoreDetails } from '../store-facts.tsx';
import { CARD_CLASS } from '../../../../components/ui/card.tsx';
import { ChooseStoreButton, CurrentBadge, StoreListing } from './store-listing.tsx';

/** product.md §2 /store and /stores: every store with all it offers; choosing one opens its menu. */
export function StoresPage() {
  return (
    <StoreListing
      title="Choose a store"
      intro="Pick the store to order from: its menu, hours and minimum order apply to your basket."
    >
      {(listing) => (
        <ul className="grid gap-5 md:grid-cols-2">
          {listing.stores.map((store) => (
            <li key={store.id}>
              <article
                aria-labelledby={`store-${store.id}`}
                className={`${CARD_CLASS} h-full space-y-3`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h2 id={`store-${store.id}`} className="text-xl font-semibold">
                    {store.name}
                  </h2>
                  <CurrentBadge store={store} listing={listing} />
                </div>
                <StoreDetails store={store} money={listing.money} />
                {store.menu_id ? (
                  <ChooseStoreButton store={store} listing={listing} className="w-full" />
                ) : (
                  <p className="text-stone-700">No online menu at this store yet.</p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </StoreListing>
  );
}

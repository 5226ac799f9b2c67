import type { ReactNode } from 'react';
import type { StoreSummary } from '@servery/contract/menu';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useChosenStoreId } from '../../../../lib/chosen-store.ts';
import { useMoney, type MoneyFormatter } from '../../../../lib/money.ts';
import { useGetStoresQuery } from '../../api.ts';
import { useChooseStore } from '../../use-choose-store.ts';
import { pickStore } from '../../use-current-store.ts';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { BADGE_CLASS } from '../../../../components/ui/card.tsx';

/** What every store listing layout gets: one data source, one way to choose. */
export interface Listing {
  stores: StoreSummary[];
  /** The store the menu shows now (chosen, or the default). */
  currentId: string | null;
  choose: (storeId: string) => void;
  pendingId: string | null;
  money: MoneyFormatter;
}

interface StoreListingProps {
  title: string;
  intro?: string;
  children: (listing: Listing) => ReactNode;
}

/** A store listing page: the heading, then loading, failure, no stores or the layout. */
export function StoreListing({ title, intro, children }: StoreListingProps) {
  const { data, isError, refetch } = useGetStoresQuery();
  const chosenId = useChosenStoreId();
  const { choose, pendingId } = useChooseStore();
  const money = useMoney();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      {intro ? <p className="mt-1 text-stone-700">{intro}</p> : null}
      <div className="mt-6">
        {data ? (
          data.length > 0 ? (
            children({
              stores: data,
              currentId: pickStore(data, chosenId)?.id ?? null,
              choose: (id) => void choose(id),
              pendingId,
              money,
            })
          ) : (
            <p>This shop has no stores yet.</p>
          )
        ) : isError ? (
          <div role="alert">
            <p>We could not load the stores.</p>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', className: 'mt-3' })}
              onClick={() => void refetch()}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
            <p className="sr-only">Loading the stores…</p>
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        )}
      </div>
    </div>
  );
}

/** "Order here" for one store (named for screen readers), busy while the store loads. */
export function ChooseStoreButton({
  store,
  listing,
  className = '',
  outline = false,
}: {
  store: StoreSummary;
  listing: Listing;
  className?: string;
  outline?: boolean;
}) {
  const busy = listing.pendingId === store.id;
  if (!store.menu_id) {
    return <p className="py-2.5 text-sm text-stone-700">No online menu yet</p>;
  }
  return (
    <button
      type="button"
      onClick={() => listing.choose(store.id)}
      disabled={listing.pendingId !== null}
      aria-busy={busy || undefined}
      className={buttonClass({ variant: outline ? 'outline' : 'primary', className })}
    >
      {busy ? 'Opening…' : 'Order here'}
      <span className="sr-only"> for {store.name}</span>
    </button>
  );
}

/** Marks the store the menu shows now. */
export function CurrentBadge({ store, listing }: { store: StoreSummary; listing: Listing }) {
  return store.id === listing.currentId ? (
    <span className={`${BADGE_CLASS} w-fit border border-primary text-primary`}>Your store</span>
  ) : null;
}

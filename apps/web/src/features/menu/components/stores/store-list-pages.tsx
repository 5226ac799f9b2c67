import type { ComponentType } from 'react';
import type { StoreListPath } from '@servery/contract/page-paths';
import { useLocation } from 'react-router';
import {
  AddressesLayout,
  CardsLayout,
  CompactLayout,
  HoursLayout,
  TableLayout,
} from './store-layouts-a.tsx';
import {
  BigButtonsLayout,
  DetailsPanelLayout,
  MinimalLayout,
  OrderTypeTabsLayout,
} from './store-layouts-b.tsx';
import { StoreListing, type Listing } from './store-listing.tsx';

/** product.md §2's store listing paths, each with its layout. */
export const STORE_LIST_LAYOUTS: Record<
  StoreListPath,
  { title: string; intro: string; Layout: ComponentType<{ listing: Listing }> }
> = {
  list_store: {
    title: 'Our stores',
    intro: 'Choose a store to see its menu.',
    Layout: CardsLayout,
  },
  list_store3: { title: 'Stores', intro: 'Pick one to start your order.', Layout: CompactLayout },
  list_store4: {
    title: 'Compare our stores',
    intro: 'Hours, order types and minimums side by side.',
    Layout: TableLayout,
  },
  list_store5: {
    title: 'Find a store near you',
    intro: 'Every address, with directions.',
    Layout: AddressesLayout,
  },
  list_store6: {
    title: 'Opening hours',
    intro: 'When each of our stores is open.',
    Layout: HoursLayout,
  },
  list_store8: {
    title: 'Delivery or collection',
    intro: 'See which stores deliver and which you can collect from.',
    Layout: OrderTypeTabsLayout,
  },
  list_store9: { title: 'Where are you ordering from?', intro: '', Layout: BigButtonsLayout },
  list_store10: {
    title: 'Our stores',
    intro: 'Select a store to see everything about it.',
    Layout: DetailsPanelLayout,
  },
  list_store12: { title: 'Stores', intro: '', Layout: MinimalLayout },
};

/** One store listing variant (the path's layout), from the one store list. */
export function StoreListPage() {
  const variant = useLocation().pathname.split('/')[1]?.toLowerCase() ?? '';
  const { title, intro, Layout } =
    STORE_LIST_LAYOUTS[variant as StoreListPath] ?? STORE_LIST_LAYOUTS.list_store;
  return (
    <StoreListing title={title} intro={intro || undefined}>
      {(listing) => <Layout listing={listing} />}
    </StoreListing>
  );
}

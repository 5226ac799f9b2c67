import type { StoreSummary } from '@servery/contract/menu';
import { useChosenStoreId } from '../../lib/chosen-store.ts';
import { useGetStoresQuery } from './api.ts';

/**
 * The store the customer orders from: the one they chose or last ordered from, while it still
 * exists (chosen-store.ts); else the first store open now that has a menu, else the first with
 * a menu, else the first.
 */
export function pickStore(stores: readonly StoreSummary[], chosenId: string | null) {
  return (
    stores.find((s) => s.id === chosenId) ??
    stores.find((s) => s.is_open_now && s.menu_id) ??
    stores.find((s) => s.menu_id) ??
    stores[0] ??
    null
  );
}

export function useCurrentStore() {
  const chosenId = useChosenStoreId();
  const stores = useGetStoresQuery();
  return { ...stores, store: stores.data ? pickStore(stores.data, chosenId) : null };
}

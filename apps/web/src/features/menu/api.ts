import { STORES_ELEMENT_ID } from '@servery/contract/constants';
import type { DeliveryCheck } from '@servery/contract/api-responses';
import type { Envelope } from '@servery/contract/envelope';
import type { MenuItemDetail, StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import { api } from '../../lib/api.ts';

/**
 * Stores and menus (product.md §7). The server answers with an ETag and `no-cache`, so the browser
 * revalidates and a repeat visit costs a 304; RTK Query keeps what it got for the session's
 * pages and shares it between them.
 */
const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStores: build.query<StoreSummary[], void>({
      query: () => '/store',
      transformResponse: (response: Envelope<StoreSummary[]>) => response.data,
      // Open or closed changes with the clock: look again when the customer comes back.
      keepUnusedDataFor: 120,
    }),
    /** One store; the whole envelope, whose message product.md §8 shows when a store is chosen. */
    getStore: build.query<Envelope<StoreSummary>, string>({
      query: (id) => `/stores/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
    getMenu: build.query<StoreMenu, string>({
      query: (storeId) => `/menu/${encodeURIComponent(storeId)}`,
      transformResponse: (response: Envelope<StoreMenu>) => response.data,
      keepUnusedDataFor: 600,
    }),
    /** A dish as one store sells it (its price and switches there; issue 28). */
    getMenuItem: build.query<MenuItemDetail, { itemId: string; storeId: string }>({
      query: ({ itemId, storeId }) =>
        `/menu/item/${encodeURIComponent(itemId)}?${new URLSearchParams({ store_id: storeId })}`,
      transformResponse: (response: Envelope<MenuItemDetail>) => response.data,
      keepUnusedDataFor: 600,
    }),
    /**
     * A closed store's first delivery time (GET /api/available-timings), so the postcode check
     * gives the next real time rather than an open store's minutes (issue 30).
     */
    firstDeliveryTime: build.query<string | null, string>({
      query: (storeId) =>
        `/available-timings?${new URLSearchParams({ store_id: storeId, order_type: 'delivery' })}`,
      transformResponse: (response: Envelope<AvailableTimings>) => {
        const day = response.data.days.find((d) => d.slots.length > 0);
        return day ? `${day.label}, ${day.slots[0]!.label}` : null;
      },
      keepUnusedDataFor: 60,
    }),
    /** Whether, for how much and how soon the store delivers to a postcode (issue 20). */
    checkDelivery: build.query<Envelope<DeliveryCheck>, { storeId: string; postcode: string }>({
      query: ({ storeId, postcode }) =>
        `/stores/${encodeURIComponent(storeId)}/delivery?postcode=${encodeURIComponent(postcode)}`,
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useFirstDeliveryTimeQuery,
  useGetStoresQuery,
  useLazyGetStoreQuery,
  useGetMenuQuery,
  useGetMenuItemQuery,
  useCheckDeliveryQuery,
} = menuApi;

/** A store's menu if this visit has it already; never asks for it. */
export const useCachedMenu = (storeId: string | undefined) =>
  menuApi.endpoints.getMenu.useQueryState(storeId ?? '', { skip: !storeId }).data;

/**
 * Takes the store list the server embedded in the page (the answer of GET /api/store, as a JSON
 * data block; docs/decisions/0025) into the query cache, so the first render has the stores and
 * does not ask for them. A page without the block (the Vite dev server) asks as before.
 */
export function adoptEmbeddedStores(dispatch: (action: unknown) => unknown): void {
  const text = document.getElementById(STORES_ELEMENT_ID)?.textContent;
  if (!text) return;
  let stores: StoreSummary[];
  try {
    stores = JSON.parse(text) as StoreSummary[];
  } catch {
    return; // A damaged block: the stores are fetched as without one.
  }
  // upsertQueryEntries, not upsertQueryData: it fills the cache at once, before the first render.
  if (Array.isArray(stores)) {
    dispatch(
      menuApi.util.upsertQueryEntries([
        { endpointName: 'getStores', arg: undefined, value: stores },
      ]),
    );
  }
}

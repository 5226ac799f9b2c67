import type { Envelope } from '@servery/contract/envelope';
import type { MenuItemDetail, StoreMenu, StoreSummary } from '@servery/contract/menu';
import { api } from '../../lib/api.ts';

/**
 * Stores and menus (SPEC §7). The server answers with an ETag and `no-cache`, so the browser
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
    /** One store; the whole envelope, whose message SPEC §8 shows when a store is chosen. */
    getStore: build.query<Envelope<StoreSummary>, string>({
      query: (id) => `/stores/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
    getMenu: build.query<StoreMenu, string>({
      query: (storeId) => `/menu/${encodeURIComponent(storeId)}`,
      transformResponse: (response: Envelope<StoreMenu>) => response.data,
      keepUnusedDataFor: 600,
    }),
    getMenuItem: build.query<MenuItemDetail, string>({
      query: (itemId) => `/menu/item/${encodeURIComponent(itemId)}`,
      transformResponse: (response: Envelope<MenuItemDetail>) => response.data,
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useGetStoresQuery, useLazyGetStoreQuery, useGetMenuQuery, useGetMenuItemQuery } =
  menuApi;

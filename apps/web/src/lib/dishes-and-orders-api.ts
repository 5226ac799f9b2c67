import type { Envelope } from '@servery/contract/envelope';
import type { MenuItemDetail, StoreMenu } from '@servery/contract/menu';
import type { Order } from '@servery/contract/order';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from './api.ts';

/** The shop's dishes now: null for one it no longer has; which ids the store's menu lists. */
export interface DishesNow {
  items: Record<string, MenuItemDetail | null>;
  /** Null when the menu could not be read; empty when the store has no menu. */
  onMenu: string[] | null;
}

const customer = { customer: true };

/**
 * The two reads the checkout, the payment page and the orders pages share: one customer order
 * (GET /api/orders/{id}, product.md §7) and the basket's or an order's dishes as the shop has them
 * now (the store's menu and each dish's page), which the checkout quotes from and a reorder
 * re-prices with.
 */
const sharedApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<Order>) => response.data,
      extraOptions: customer,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }, 'Customer'],
    }),
    dishesNow: build.query<DishesNow, { storeId: string; itemIds: string[] }>({
      async queryFn({ storeId, itemIds }, _api, _extra, baseQuery) {
        const menu = await baseQuery(`/menu/${encodeURIComponent(storeId)}`);
        let onMenu: string[] | null = null;
        if (menu.data) {
          onMenu = (menu.data as Envelope<StoreMenu>).data.categories.flatMap((category) =>
            category.items.map((item) => item.id),
          );
        } else if (menu.error?.status === 404) onMenu = []; // A store without a menu offers nothing.
        const answers = await Promise.all(
          // As this store sells each dish: its own price there (issue 28).
          itemIds.map((id) =>
            baseQuery(
              `/menu/item/${encodeURIComponent(id)}?store_id=${encodeURIComponent(storeId)}`,
            ),
          ),
        );
        const items: DishesNow['items'] = {};
        for (const [index, answer] of answers.entries()) {
          if (answer.data) items[itemIds[index]!] = (answer.data as Envelope<MenuItemDetail>).data;
          else if (answer.error?.status === 404) items[itemIds[index]!] = null;
          else return { error: answer.error as FetchBaseQueryError };
        }
        return { data: { items, onMenu } };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOrderQuery, useLazyGetOrderQuery, useDishesNowQuery, useLazyDishesNowQuery } =
  sharedApi;

/**
 * The order as the server just answered a mutation, put in the order's cache at once: the page
 * opened next shows it (a paid order never shows "Not paid yet" while its refetch runs).
 */
export const orderAnswered = (order: Order) =>
  sharedApi.util.upsertQueryData('getOrder', order.id, order);

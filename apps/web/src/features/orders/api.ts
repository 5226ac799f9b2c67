import type { Envelope } from '@servery/contract/envelope';
import type { MenuItemDetail, StoreMenu } from '@servery/contract/menu';
import type { Order, OrderPage } from '@servery/contract/order';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api.ts';
import type { MenuNow } from './reorder.ts';

const customer = { customer: true };

/** The customer's orders (SPEC §7: GET /api/orders, GET /api/orders/{id}). */
const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrderPage, number>({
      query: (page) => `/orders?page=${page}`,
      transformResponse: (response: Envelope<OrderPage>) => response.data,
      extraOptions: customer,
      providesTags: ['Order', 'Customer'],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<Order>) => response.data,
      extraOptions: customer,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }, 'Customer'],
    }),
    /** The dishes of an order as the shop has them now (public menu calls), for a reorder. */
    menuNow: build.query<MenuNow, { storeId: string; itemIds: string[] }>({
      async queryFn({ storeId, itemIds }, _api, _extra, baseQuery) {
        const menu = await baseQuery(`/menu/${encodeURIComponent(storeId)}`);
        if (menu.error && menu.error.status !== 404) {
          return { error: menu.error as FetchBaseQueryError };
        }
        // A store without a menu (404) offers nothing.
        const onMenu = menu.data
          ? (menu.data as Envelope<StoreMenu>).data.categories.flatMap((category) =>
              category.items.map((item) => item.id),
            )
          : [];
        const answers = await Promise.all(
          itemIds.map((id) => baseQuery(`/menu/item/${encodeURIComponent(id)}`)),
        );
        const items: MenuNow['items'] = {};
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

export const { useGetOrdersQuery, useGetOrderQuery, useLazyMenuNowQuery } = ordersApi;

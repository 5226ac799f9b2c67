import type { Envelope } from '@servery/contract/envelope';
import type { OrderPage } from '@servery/contract/order';
import { api } from '../../lib/api.ts';

const customer = { customer: true };

/** The customer's orders (product.md §7: GET /api/orders; one order: lib/dishes-and-orders-api.ts). */
const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrderPage, number>({
      query: (page) => `/orders?page=${page}`,
      transformResponse: (response: Envelope<OrderPage>) => response.data,
      extraOptions: customer,
      providesTags: ['Order', 'Customer'],
    }),
  }),
});

export const { useGetOrdersQuery } = ordersApi;

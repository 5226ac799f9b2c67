import type { DeskOrder, OrderStatusChange } from '@servery/contract/desk';
import { adminApi } from '../admin-api.ts';

const deskApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    deskOrders: build.query<DeskOrder[], void>({
      query: () => '/orders',
      transformResponse: (body: { data: DeskOrder[] }) => body.data,
      providesTags: ['Order'],
    }),
    moveOrder: build.mutation<DeskOrder, OrderStatusChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/status`, method: 'POST', body }),
      transformResponse: (body: { data: DeskOrder }) => body.data,
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { useDeskOrdersQuery, useMoveOrderMutation } = deskApi;

import type { DeskOrder, KitchenTicket, OrderStatusChange } from '@servery/contract/desk';
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
    /** Counts a print on the server and answers the ticket (REPRINT from the second print). */
    printTicket: build.mutation<KitchenTicket, string>({
      query: (id) => ({ url: `/orders/${id}/print`, method: 'POST' }),
      transformResponse: (body: { data: KitchenTicket }) => body.data,
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { useDeskOrdersQuery, useMoveOrderMutation, usePrintTicketMutation } = deskApi;

import type { OrderDetail, Refund } from '@servery/contract/back-office-shapes';
import type { RefundRequest } from '@servery/contract/back-office';
import type { DeskOrder } from '@servery/contract/desk';
import { adminApi } from '../admin-api.ts';

export type HistoryOrder = DeskOrder & { refunded: number };
export type OrderDetailOf = HistoryOrder &
  Pick<OrderDetail, 'timeline' | 'messages' | 'payments' | 'refunds' | 'refundable'>;
export interface HistoryParams {
  q?: string;
  from?: string;
  to?: string;
  status?: string;
  type?: string;
  payment?: string;
  cursor?: string;
}

const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    orderHistory: build.query<
      { orders: HistoryOrder[]; next_cursor: string | null },
      HistoryParams
    >({
      query: (params) => ({ url: '/orders', params }),
      transformResponse: (body: { data: { orders: HistoryOrder[]; next_cursor: string | null } }) =>
        body.data,
      providesTags: ['Order'],
    }),
    orderDetail: build.query<OrderDetailOf, string>({
      query: (id) => `/orders/${id}`,
      transformResponse: (body: { data: OrderDetailOf }) => body.data,
      providesTags: ['Order'],
    }),
    /** One key per refund form: a double tap sends the same key and makes one refund. */
    refundOrder: build.mutation<Refund, RefundRequest & { id: string; key: string }>({
      query: ({ id, key, ...body }) => ({
        url: `/orders/${id}/refunds`,
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
      transformResponse: (body: { data: Refund }) => body.data,
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { useOrderHistoryQuery, useOrderDetailQuery, useRefundOrderMutation } = ordersApi;

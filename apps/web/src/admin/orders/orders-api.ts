import type { OrderDetail, OrderHistoryPage, Refund } from '@servery/contract/back-office-shapes';
import type { RefundRequest } from '@servery/contract/back-office';
import { adminApi } from '../admin-api.ts';

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
    orderHistory: build.query<OrderHistoryPage, HistoryParams>({
      query: (params) => ({ url: '/orders', params }),
      transformResponse: (body: { data: OrderHistoryPage }) => body.data,
      providesTags: ['Order'],
    }),
    orderDetail: build.query<OrderDetail, string>({
      query: (id) => `/orders/${id}`,
      transformResponse: (body: { data: OrderDetail }) => body.data,
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

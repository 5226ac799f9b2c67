import type { CustomerDetail, CustomerSummary } from '@servery/contract/back-office-shapes';
import { adminApi } from '../admin-api.ts';

export type CustomerPage = { customers: CustomerSummary[]; next_cursor: string | null };
export type CustomerOf = CustomerSummary & {
  order_history: {
    id: string;
    number: number;
    status: string;
    store: string;
    total: number;
    refunded: number;
    created_at: string;
  }[];
};

const customersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    customerList: build.query<CustomerPage, { q?: string; cursor?: string }>({
      query: (params) => ({ url: '/customers', params }),
      transformResponse: (body: { data: CustomerPage }) => body.data,
      providesTags: ['Order'],
    }),
    customer: build.query<CustomerOf, string>({
      query: (id) => `/customers/${id}`,
      transformResponse: (body: { data: CustomerDetail & CustomerOf }) => body.data,
      providesTags: ['Order'],
    }),
  }),
});

export const { useCustomerListQuery, useCustomerQuery } = customersApi;

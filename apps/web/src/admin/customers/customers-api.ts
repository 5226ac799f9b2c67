import type { CustomerDetail, CustomerPage } from '@servery/contract/back-office-shapes';
import { adminApi } from '../admin-api.ts';

const customersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    customerList: build.query<CustomerPage, { q?: string; cursor?: string }>({
      query: (params) => ({ url: '/customers', params }),
      transformResponse: (body: { data: CustomerPage }) => body.data,
      providesTags: ['Order'],
    }),
    customer: build.query<CustomerDetail, string>({
      query: (id) => `/customers/${id}`,
      transformResponse: (body: { data: CustomerDetail }) => body.data,
      providesTags: ['Order'],
    }),
  }),
});

export const { useCustomerListQuery, useCustomerQuery } = customersApi;

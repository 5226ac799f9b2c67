import type { Customer, CustomerUpdate, Referral } from '@servery/contract/auth';
import type { Envelope } from '@servery/contract/envelope';
import { api } from '../../lib/api.ts';

/**
 * The signed-in customer's calls (product.md §7, bearer token). `customer: true` makes a 401 sign out
 * and replace the location with /login (product.md §4).
 */
const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomer: build.query<Customer, void>({
      query: () => '/customer',
      transformResponse: (response: Envelope<Customer>) => response.data,
      extraOptions: { customer: true },
      providesTags: ['Customer'],
    }),
    updateCustomer: build.mutation<Envelope<Customer>, CustomerUpdate>({
      query: (body) => ({ url: '/customer', method: 'POST', body }),
      extraOptions: { customer: true },
      invalidatesTags: ['Customer'],
    }),
    // UK GDPR (docs/decisions/0021-personal-data.md): a copy of everything, and deletion.
    exportCustomerData: build.query<unknown, void>({
      query: () => '/customer/export',
      transformResponse: (response: Envelope<unknown>) => response.data,
      extraOptions: { customer: true },
      keepUnusedDataFor: 0,
    }),
    deleteCustomer: build.mutation<Envelope<null>, void>({
      query: () => ({ url: '/customer', method: 'DELETE' }),
      extraOptions: { customer: true },
    }),
    getReferral: build.query<Referral, void>({
      query: () => '/customer/referral',
      transformResponse: (response: Envelope<Referral>) => response.data,
      extraOptions: { customer: true },
      providesTags: ['Customer'],
    }),
  }),
});

export const {
  useGetCustomerQuery,
  useUpdateCustomerMutation,
  useGetReferralQuery,
  useLazyGetReferralQuery,
  useLazyExportCustomerDataQuery,
  useDeleteCustomerMutation,
} = accountApi;

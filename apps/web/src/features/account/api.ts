import type { Customer, CustomerUpdate, Referral } from '@servery/contract/auth';
import type { CustomerBooking } from '@servery/contract/reservation';
import type { Envelope } from '@servery/contract/envelope';
import { api } from '../../lib/api.ts';

/**
 * The signed-in customer's calls (product.md §7, bearer token). `customer: true` makes a 401 sign out
 * and replace the location with /login (product.md §4).
 */
const accountApi = api.enhanceEndpoints({ addTagTypes: ['CustomerBooking'] }).injectEndpoints({
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
    // The table bookings made with a contact the customer signed in with (decision 85).
    getCustomerBookings: build.query<CustomerBooking[], void>({
      query: () => '/customer/bookings',
      transformResponse: (response: Envelope<CustomerBooking[]>) => response.data,
      extraOptions: { customer: true },
      providesTags: ['CustomerBooking', 'Customer'],
    }),
    cancelCustomerBooking: build.mutation<Envelope<CustomerBooking>, string>({
      query: (id) => ({
        url: `/customer/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
      }),
      extraOptions: { customer: true },
      invalidatesTags: ['CustomerBooking'],
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
  useGetCustomerBookingsQuery,
  useCancelCustomerBookingMutation,
} = accountApi;

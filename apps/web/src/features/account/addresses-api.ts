import type { Address, AddressRequest } from '@servery/contract/address';
import type { Envelope } from '@servery/contract/envelope';
import { api } from '../../lib/api.ts';

/**
 * The customer's saved addresses (product.md §7; creation answers 201). They are tagged as customer
 * data too, so signing out drops them with the rest of what the client knew of the customer.
 */
const addressesApi = api.enhanceEndpoints({ addTagTypes: ['Address'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<Address[], void>({
      query: () => '/customer-addresses',
      transformResponse: (response: Envelope<Address[]>) => response.data,
      extraOptions: { customer: true },
      providesTags: ['Address', 'Customer'],
    }),
    addAddress: build.mutation<Envelope<Address>, AddressRequest>({
      query: (body) => ({ url: '/customer-addresses', method: 'POST', body }),
      extraOptions: { customer: true },
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<Envelope<Address>, { id: string; body: AddressRequest }>({
      query: ({ id, body }) => ({
        url: `/customer-addresses/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      extraOptions: { customer: true },
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<Envelope<null>, string>({
      query: (id) => ({ url: `/customer-addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { customer: true },
      invalidatesTags: ['Address'],
    }),
  }),
});

export const {
  useGetAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = addressesApi;

/** The fields of a saved address as the form and the PUT body take them. */
export function requestOf(address: Address): AddressRequest {
  return {
    label: address.label,
    address_line1: address.address_line1,
    address_line2: address.address_line2,
    city: address.city,
    postcode: address.postcode,
    instructions: address.instructions,
    is_default: address.is_default,
  };
}

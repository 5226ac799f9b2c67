import type {
  LogoSlot,
  ShopIdentity,
  ShopIdentityPatch,
  StoreContact,
  StoreContactPatch,
} from '@servery/contract/shop-identity';
import { adminApi } from '../admin-api.ts';

/** A save names the version it was made from; a stale one answers 409 with `current`. */
const ifMatch = (version: string) => ({ 'if-match': `"${version}"` });

/** The Shop editor's calls (walk item 10). */
const shopApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    shopIdentity: build.query<ShopIdentity, void>({
      query: () => '/shop/identity',
      transformResponse: (body: { data: ShopIdentity }) => body.data,
      providesTags: ['Shop'],
    }),
    saveShopIdentity: build.mutation<
      { message: string; data: ShopIdentity },
      { version: string; patch: ShopIdentityPatch }
    >({
      query: ({ version, patch }) => ({
        url: '/shop/identity',
        method: 'PATCH',
        body: patch,
        headers: ifMatch(version),
      }),
      // The staff header names the shop from the session.
      invalidatesTags: ['Shop', 'Audit', 'Session'],
    }),
    uploadLogo: build.mutation<
      { message: string; data: ShopIdentity },
      { slot: LogoSlot; file: File }
    >({
      query: ({ slot, file }) => {
        const form = new FormData();
        form.append('logo', file);
        return { url: `/shop/logos/${slot}`, method: 'POST', body: form };
      },
      invalidatesTags: ['Shop', 'Audit'],
    }),
    saveStoreContact: build.mutation<
      { message: string; data: StoreContact },
      { id: string; version: string; patch: StoreContactPatch }
    >({
      query: ({ id, version, patch }) => ({
        url: `/stores/${id}/contact`,
        method: 'PATCH',
        body: patch,
        headers: ifMatch(version),
      }),
      invalidatesTags: ['Shop', 'Audit'],
    }),
  }),
});

export const {
  useShopIdentityQuery,
  useSaveShopIdentityMutation,
  useUploadLogoMutation,
  useSaveStoreContactMutation,
} = shopApi;

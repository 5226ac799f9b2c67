import type { AdminPromo, PromoCreate, PromoPatch } from '@servery/contract/shop-editor';
import { adminApi } from '../admin-api.ts';

/** The promotions editor's calls (issue 28): a save sends the version it read. */
const promosApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    promos: build.query<AdminPromo[], void>({
      query: () => '/promos',
      transformResponse: (body: { data: AdminPromo[] }) => body.data,
      providesTags: ['Shop'],
    }),
    createPromo: build.mutation<{ message: string; data: AdminPromo }, PromoCreate>({
      query: (body) => ({ url: '/promos', method: 'POST', body }),
      invalidatesTags: ['Shop', 'Audit'],
    }),
    patchPromo: build.mutation<{ message: string; data: AdminPromo }, PromoPatch & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/promos/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Shop', 'Audit'],
    }),
  }),
});

export const { usePromosQuery, useCreatePromoMutation, usePatchPromoMutation } = promosApi;

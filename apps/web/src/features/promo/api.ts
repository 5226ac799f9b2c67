import type { Envelope } from '@servery/contract/envelope';
import type { PublicPromo } from '@servery/contract/promo';
import { api } from '../../lib/api.ts';

/** GET /api/promos: the public codes that work now (open to visitors). */
const promoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPromos: build.query<PublicPromo[], void>({
      query: () => '/promos',
      transformResponse: (response: Envelope<PublicPromo[]>) => response.data,
    }),
  }),
});

export const { useGetPromosQuery } = promoApi;

import type { HomeContent } from '@servery/contract/home';
import { api, type Envelope } from '../../lib/api.ts';

const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeContent, void>({
      query: () => '/home',
      transformResponse: (response: Envelope<HomeContent>) => response.data,
      providesTags: ['Home'],
    }),
  }),
});

export const { useGetHomeQuery } = contentApi;

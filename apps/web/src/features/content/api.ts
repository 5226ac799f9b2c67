import type { ContactRequest } from '@servery/contract/contact';
import type { HomeContent } from '@servery/contract/home';
import type { SubscribeRequest } from '@servery/contract/newsletter';
import type { Envelope } from '@servery/contract/envelope';
import { api } from '../../lib/api.ts';

const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeContent, void>({
      query: () => '/home',
      transformResponse: (response: Envelope<HomeContent>) => response.data,
      providesTags: ['Home'],
    }),
    getLegalText: build.query<{ text: string | null }, 'privacy' | 'terms'>({
      query: (page) => `/legal/${page}`,
      transformResponse: (response: Envelope<{ text: string | null }>) => response.data,
    }),
    subscribe: build.mutation<Envelope<undefined>, SubscribeRequest>({
      query: (body) => ({ url: '/subscribe', method: 'POST', body }),
    }),
    sendContactRequest: build.mutation<Envelope<undefined>, ContactRequest>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetHomeQuery,
  useGetLegalTextQuery,
  useSubscribeMutation,
  useSendContactRequestMutation,
} = contentApi;

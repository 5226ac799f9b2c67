import type { ContactRequest } from '@servery/contract/contact';
import type { HomeContent } from '@servery/contract/home';
import type { SubscribeRequest } from '@servery/contract/newsletter';
import type { UnsubscribeLink } from '@servery/contract/personal-data';
import type { LegalText } from '@servery/contract/tenant-document';
import type { Envelope } from '@servery/contract/envelope';
import { api } from '../../lib/api.ts';
import { onThisDevice } from './day-end.ts';

/**
 * GET /api/home as the pages keep it: the answer, and when the shop's day ends on this
 * device's clock (`dayEndsAt` moved by the server's Date header), when it is fetched again.
 */
export type HomeAnswer = HomeContent & { refreshAt?: number };

const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHome: build.query<HomeAnswer, void>({
      query: () => '/home',
      transformResponse: (response: Envelope<HomeContent>, meta): HomeAnswer => {
        const { dayEndsAt } = response.data;
        if (!dayEndsAt) return response.data;
        const serverDate = meta?.response?.headers.get('date') ?? null;
        return { ...response.data, refreshAt: onThisDevice(dayEndsAt, serverDate, Date.now()) };
      },
      providesTags: ['Home'],
    }),
    getLegalText: build.query<LegalText, 'privacy' | 'terms'>({
      query: (page) => `/legal/${page}`,
      transformResponse: (response: Envelope<LegalText>) => response.data,
    }),
    subscribe: build.mutation<Envelope<undefined>, SubscribeRequest>({
      query: (body) => ({ url: '/subscribe', method: 'POST', body }),
    }),
    // The newsletter e-mail's unsubscribe link (docs/decisions/0021-personal-data.md).
    getUnsubscribeLink: build.query<UnsubscribeLink, string>({
      query: (token) => `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
      transformResponse: (response: Envelope<UnsubscribeLink>) => response.data,
    }),
    unsubscribe: build.mutation<Envelope<UnsubscribeLink>, string>({
      query: (token) => ({
        url: `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
        method: 'POST',
      }),
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
  useGetUnsubscribeLinkQuery,
  useUnsubscribeMutation,
} = contentApi;

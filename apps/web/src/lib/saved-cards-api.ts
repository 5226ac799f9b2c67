import type { Envelope } from '@servery/contract/envelope';
import type { Order } from '@servery/contract/order';
import type { SavedCard } from '@servery/contract/saved-cards';
import { api } from './api.ts';

const customer = { customer: true };

/**
 * The customer's saved cards (issue 30, point 11): listed on /payment and the account page,
 * removed from the account page. Tagged as customer data, so signing out drops them too.
 */
const savedCardsApi = api.enhanceEndpoints({ addTagTypes: ['SavedCard'] }).injectEndpoints({
  endpoints: (build) => ({
    getSavedCards: build.query<SavedCard[], void>({
      query: () => '/payment-methods',
      transformResponse: (response: Envelope<SavedCard[]>) => response.data,
      extraOptions: customer,
      providesTags: ['SavedCard', 'Customer'],
    }),
    removeSavedCard: build.mutation<Envelope<null>, string>({
      query: (id) => ({ url: `/payment-methods/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: customer,
      invalidatesTags: ['SavedCard'],
    }),
    /** Stripe: whether the card that pays this order is kept (told before Stripe confirms). */
    chooseToSaveCard: build.mutation<Envelope<null>, { orderId: string; save: boolean }>({
      query: ({ orderId, save }) => ({
        url: '/order/payment/save-card',
        method: 'PUT',
        body: { order_id: orderId, save },
      }),
      extraOptions: customer,
    }),
    payWithSavedCard: build.mutation<Envelope<Order>, { orderId: string; cardId: string }>({
      query: ({ orderId, cardId }) => ({
        url: '/order/payment/saved-card',
        method: 'POST',
        body: { order_id: orderId, payment_method_id: cardId },
      }),
      extraOptions: customer,
      invalidatesTags: ['SavedCard'],
    }),
  }),
});

export const {
  useGetSavedCardsQuery,
  useRemoveSavedCardMutation,
  useChooseToSaveCardMutation,
  usePayWithSavedCardMutation,
} = savedCardsApi;

import type { Customer } from '@servery/contract/auth';
import type { Envelope } from '@servery/contract/envelope';
import type { OrderType } from '@servery/contract/menu';
import type {
  AvailableTimings,
  Order,
  OrderCreated,
  OrderRequestInput,
} from '@servery/contract/order';
import type { PromoCheck, PromoCheckRequestInput } from '@servery/contract/promo';
import { api } from '../../lib/api.ts';
import { orderAnswered } from '../../lib/dishes-and-orders-api.ts';

/** The card form's body for POST /api/payments/demo/{order id}/confirm. */
export interface DemoCardBody {
  card_number: string;
  expiry: string;
  cvc: string;
  authenticate?: 'approve' | 'fail';
  /** The customer agreed to keep the card (issue 30): the demo provider keeps a token. */
  save_card?: boolean;
}

const customer = { customer: true };

/**
 * Checkout and payment (product.md §7: POST /api/order, PUT /api/order/payment/status,
 * GET /api/available-timings; architecture.md "Payment" for the demo provider's card form; decision
 * 0011 for POST /api/promos/check).
 */
const checkoutApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    timings: build.query<
      AvailableTimings,
      { storeId: string; orderType: OrderType; postcode?: string | undefined }
    >({
      query: ({ storeId, orderType, postcode }) =>
        `/available-timings?${new URLSearchParams({
          store_id: storeId,
          order_type: orderType,
          ...(postcode ? { postcode } : {}),
        })}`,
      transformResponse: (response: Envelope<AvailableTimings>) => response.data,
      extraOptions: customer,
      keepUnusedDataFor: 0,
    }),
    /**
     * Whether a code works for this basket now (POST /api/promos/check). A question, not a
     * change: a query, asked again whenever the code, the store or the lines change.
     */
    checkPromo: build.query<PromoCheck, PromoCheckRequestInput>({
      query: (body) => ({ url: '/promos/check', method: 'POST', body }),
      transformResponse: (response: Envelope<PromoCheck>) => response.data,
      extraOptions: customer,
      keepUnusedDataFor: 0,
    }),
    /** The profile as the server has it now: whether a delivery has a name and phone. */
    checkoutCustomer: build.query<Customer, void>({
      query: () => '/customer',
      transformResponse: (response: Envelope<Customer>) => response.data,
      extraOptions: customer,
      providesTags: ['Customer'],
    }),
    /** The name and phone a delivery needs, saved on the profile (POST /api/customer). */
    saveDeliveryContact: build.mutation<
      Envelope<Customer>,
      { first_name: string; last_name: string; phone: string }
    >({
      query: (body) => ({ url: '/customer', method: 'POST', body }),
      extraOptions: customer,
      invalidatesTags: ['Customer'],
    }),
    placeOrder: build.mutation<Envelope<OrderCreated>, { body: OrderRequestInput; key: string }>({
      query: ({ body, key }) => ({
        url: '/order',
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
      extraOptions: customer,
      invalidatesTags: ['Order'],
    }),
    confirmDemoPayment: build.mutation<Envelope<Order>, { orderId: string; card: DemoCardBody }>({
      query: ({ orderId, card }) => ({
        url: `/payments/demo/${encodeURIComponent(orderId)}/confirm`,
        method: 'POST',
        body: card,
      }),
      extraOptions: customer,
    }),
    /** The server asks the provider how the payment went (never the browser's word). */
    refreshPaymentStatus: build.mutation<Envelope<Order>, string>({
      query: (orderId) => ({
        url: '/order/payment/status',
        method: 'PUT',
        body: { order_id: orderId },
      }),
      extraOptions: customer,
      invalidatesTags: ['Order'],
      async onQueryStarted(_orderId, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(orderAnswered(answer.data.data));
      },
    }),
  }),
});

export const {
  useTimingsQuery,
  useCheckPromoQuery,
  usePlaceOrderMutation,
  useCheckoutCustomerQuery,
  useSaveDeliveryContactMutation,
  useConfirmDemoPaymentMutation,
  useRefreshPaymentStatusMutation,
} = checkoutApi;

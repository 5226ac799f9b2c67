import type { Envelope } from '@servery/contract/envelope';
import type { MenuItemDetail, OrderType, StoreMenu } from '@servery/contract/menu';
import type {
  AvailableTimings,
  Order,
  OrderCreated,
  OrderRequestInput,
} from '@servery/contract/order';
import type { PromoCheck, PromoCheckRequestInput } from '@servery/contract/promo';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api.ts';
import type { CatalogueNow } from './checkout-quote.ts';

/** The card form's body for POST /api/payments/demo/{order id}/confirm. */
export interface DemoCardBody {
  card_number: string;
  expiry: string;
  cvc: string;
  authenticate?: 'approve' | 'fail';
}

const customer = { customer: true };

/**
 * Checkout and payment (SPEC §7: POST /api/order, PUT /api/order/payment/status,
 * GET /api/available-timings; DESIGN.md "Payment" for the demo provider's card form; decision
 * 0011 for POST /api/promos/check).
 */
const checkoutApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The basket's dishes as the shop has them now, and which are on the store's menu. */
    checkoutCatalogue: build.query<CatalogueNow, { storeId: string; itemIds: string[] }>({
      async queryFn({ storeId, itemIds }, _api, _extra, baseQuery) {
        const menu = await baseQuery(`/menu/${encodeURIComponent(storeId)}`);
        let onMenu: string[] | null = null;
        if (menu.data) {
          onMenu = (menu.data as Envelope<StoreMenu>).data.categories.flatMap((category) =>
            category.items.map((item) => item.id),
          );
        } else if (menu.error?.status === 404) onMenu = [];
        const answers = await Promise.all(
          itemIds.map((id) => baseQuery(`/menu/item/${encodeURIComponent(id)}`)),
        );
        const items: CatalogueNow['items'] = {};
        for (const [index, answer] of answers.entries()) {
          if (answer.data) items[itemIds[index]!] = (answer.data as Envelope<MenuItemDetail>).data;
          else if (answer.error?.status === 404) items[itemIds[index]!] = null;
          else return { error: answer.error as FetchBaseQueryError };
        }
        return { data: { items, onMenu } };
      },
      keepUnusedDataFor: 0,
    }),
    timings: build.query<AvailableTimings, { storeId: string; orderType: OrderType }>({
      query: ({ storeId, orderType }) =>
        `/available-timings?${new URLSearchParams({ store_id: storeId, order_type: orderType })}`,
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
    orderToPay: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      transformResponse: (response: Envelope<Order>) => response.data,
      extraOptions: customer,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }, 'Customer'],
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
    }),
  }),
});

export const {
  useCheckoutCatalogueQuery,
  useTimingsQuery,
  useCheckPromoQuery,
  usePlaceOrderMutation,
  useOrderToPayQuery,
  useConfirmDemoPaymentMutation,
  useRefreshPaymentStatusMutation,
} = checkoutApi;

import { z } from 'zod';
import type { Answer } from './answer.ts';
import { ZShopConfig } from './config.ts';
import { ZHomeContent } from './home.ts';
import { ZAvailableTimings, ZOrder, ZOrderCreated, ZOrderPage } from './order-answer.ts';
import { ZAuditEntry, ZStaffMember, ZStaffSession } from './staff.ts';
import { ZPushKey, ZPushSubscriptionView } from './push.ts';
import { ZSavedCard } from './saved-cards.ts';
import {
  ZAddress,
  ZBooking,
  ZCustomerBooking,
  ZCustomer,
  ZCustomerDataExport,
  ZLegalText,
  ZOtpSent,
  ZPromoCheck,
  ZPublicPromo,
  ZReferral,
  ZReservationTimings,
  ZSubscriber,
  ZUnsubscribeLink,
  ZUserData,
} from './api-shapes-storefront.ts';
import { ZMenuItemDetail, ZStoreMenu, ZStoreSummary } from './api-shapes-menu.ts';
import {
  ZDeskOrder,
  ZDiaryBooking,
  ZDiaryCloseout,
  ZDiaryDay,
  ZKitchenTicket,
  ZOptionAvailability,
  ZServiceItem,
  ZServiceStore,
  ZShopSwitches,
} from './api-shapes-staff.ts';
import { SHOP_EDITOR_RESPONSES } from './api-shapes-shop-editor.ts';
import { SHOP_IDENTITY_RESPONSES } from './shop-identity.ts';
import { ZEditableCategory, ZEditableItem, ZEditableMenu, ZPhotoAnswer } from './menu-editor.ts';
import {
  ZCustomerDetail,
  ZCustomerPage,
  ZOrderDetail,
  ZOrderHistoryPage,
  ZRefund,
  ZSalesReport,
} from './back-office-shapes.ts';

/**
 * What every operation answers (issue 12: the OpenAPI document is the whole contract). The
 * server attaches these to its routes by "METHOD /path" (apps/server/src/plugins/api-contract.ts)
 * and documents every error status with the error envelope. Objects are loose: they name what
 * a client may rely on, and a field added later is not dropped on the way out.
 */

/** Every failure: `status` equals the HTTP status; `errors` maps bad fields to messages. */
export const ZErrorEnvelope = z.looseObject({
  status: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = Answer<typeof ZErrorEnvelope>;

/** A success whose `data` is `schema` (null for answers that only say something: product.md §7). */
export const ok = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ status: z.number().int(), message: z.string(), data: schema });
const said = z.looseObject({
  status: z.number().int(),
  message: z.string(),
  data: z.null(),
});

/** GET /api/stores/{id}/delivery: the store's delivery to a postcode (issue 20). */
export const ZDeliveryCheck = z.looseObject({
  postcode: z.string(),
  delivers: z.boolean(),
  fee: z.number().int().nullable(),
  minimum_order: z.number().int().nullable(),
  delivery_minutes: z.number().int().nullable(),
  /**
   * While the store is closed, its first delivery slot (issue 30): "Today" or the day's label,
   * and the time ("12:15 PM"); null when open, not delivering there, or no slot is left.
   */
  first_delivery: z.object({ at: z.string(), day: z.string(), time: z.string() }).nullable(),
});
export type DeliveryCheck = Answer<typeof ZDeliveryCheck>;

/** The 2xx answer of every operation, by "METHOD /path" as the server registers it. */
export const API_RESPONSES: Record<string, { status: 200 | 201; schema: z.ZodType }> = {
  'GET /healthz': { status: 200, schema: said },
  'GET /readyz': { status: 200, schema: said },
  'POST /api/loadconfig': { status: 200, schema: ok(ZShopConfig.loose()) },
  'GET /api/loadconfig': { status: 200, schema: ok(ZShopConfig.loose()) },
  'GET /api/legal/:page': { status: 200, schema: ok(ZLegalText) },
  'GET /api/home': { status: 200, schema: ok(ZHomeContent.loose()) },
  'POST /api/subscribe': { status: 200, schema: said },
  'POST /api/contact': { status: 200, schema: said },
  'POST /api/register': { status: 200, schema: ok(ZOtpSent) },
  'POST /api/resend-otp': { status: 200, schema: ok(ZOtpSent) },
  'POST /api/verify-otp': { status: 200, schema: ok(ZUserData) },
  'GET /api/customer': { status: 200, schema: ok(ZCustomer) },
  'POST /api/customer': { status: 200, schema: ok(ZCustomer) },
  'GET /api/customer/referral': { status: 200, schema: ok(ZReferral) },
  'GET /api/customer-addresses': { status: 200, schema: ok(z.array(ZAddress)) },
  'POST /api/customer-addresses': { status: 201, schema: ok(ZAddress) },
  'PUT /api/customer-addresses/:id': { status: 200, schema: ok(ZAddress) },
  'DELETE /api/customer-addresses/:id': { status: 200, schema: said },
  'GET /api/menu/:id': { status: 200, schema: ok(ZStoreMenu) },
  'GET /api/menu/item/:id': { status: 200, schema: ok(ZMenuItemDetail) },
  'GET /api/store': { status: 200, schema: ok(z.array(ZStoreSummary)) },
  'GET /api/stores/:id': { status: 200, schema: ok(ZStoreSummary) },
  'GET /api/stores/:id/delivery': { status: 200, schema: ok(ZDeliveryCheck) },
  'GET /api/available-timings': { status: 200, schema: ok(ZAvailableTimings) },
  'POST /api/order': {
    status: 200,
    schema: ok(ZOrderCreated),
  },
  'PUT /api/order/payment/status': { status: 200, schema: ok(ZOrder) },
  'POST /api/payments/demo/:id/confirm': { status: 200, schema: ok(ZOrder) },
  'GET /api/payment-methods': { status: 200, schema: ok(z.array(ZSavedCard)) },
  'DELETE /api/payment-methods/:id': { status: 200, schema: said },
  'PUT /api/order/payment/save-card': { status: 200, schema: said },
  'POST /api/order/payment/saved-card': { status: 200, schema: ok(ZOrder) },
  'GET /api/orders': { status: 200, schema: ok(ZOrderPage) },
  'GET /api/orders/:id': { status: 200, schema: ok(ZOrder) },
  'GET /api/promos': { status: 200, schema: ok(z.array(ZPublicPromo)) },
  'POST /api/promos/check': { status: 200, schema: ok(ZPromoCheck) },
  'GET /api/reservation/timings': { status: 200, schema: ok(ZReservationTimings) },
  'POST /api/booking': { status: 200, schema: said },
  'GET /api/booking/cancel/:token': { status: 200, schema: ok(ZBooking) },
  'POST /api/booking/cancel/:token': { status: 200, schema: ok(ZBooking) },
  'GET /api/customer/bookings': { status: 200, schema: ok(z.array(ZCustomerBooking)) },
  'POST /api/customer/bookings/:id/cancel': { status: 200, schema: ok(ZCustomerBooking) },
  'POST /api/webhooks/stripe': { status: 200, schema: said },
  'POST /api/admin/session/code': { status: 200, schema: said },
  'POST /api/admin/session': { status: 200, schema: ok(ZStaffSession) },
  'GET /api/admin/session': { status: 200, schema: ok(ZStaffSession) },
  'DELETE /api/admin/session': { status: 200, schema: said },
  'GET /api/admin/staff': { status: 200, schema: ok(z.array(ZStaffMember)) },
  'POST /api/admin/staff': { status: 200, schema: ok(ZStaffMember) },
  'PATCH /api/admin/staff/:id': { status: 200, schema: ok(ZStaffMember) },
  'DELETE /api/admin/staff/:id': { status: 200, schema: said },
  'GET /api/admin/audit': { status: 200, schema: ok(z.array(ZAuditEntry)) },
  // A text/event-stream: each frame's data is { id, kind, entity_id, store_id, at }.
  'GET /api/admin/events': { status: 200, schema: z.string() },
  // A text/event-stream of one order of the customer's: each frame's data is
  // { id, kind, order_id, at } (issue 20, point 4).
  'GET /api/orders/:id/events': { status: 200, schema: z.string() },
  'GET /api/admin/orders': { status: 200, schema: ok(ZOrderHistoryPage) },
  'GET /api/admin/orders/:id': { status: 200, schema: ok(ZOrderDetail) },
  'POST /api/admin/orders/:id/status': { status: 200, schema: ok(ZDeskOrder) },
  'POST /api/admin/orders/:id/undo-move': { status: 200, schema: ok(ZDeskOrder) },
  'POST /api/admin/orders/:id/print': { status: 200, schema: ok(ZKitchenTicket) },
  'GET /api/admin/bookings': { status: 200, schema: ok(ZDiaryDay) },
  'POST /api/admin/bookings': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/bookings/:id/status': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/bookings/:id/undo-no-show': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/bookings/:id/undo': { status: 200, schema: ok(ZDiaryBooking) },
  'PATCH /api/admin/bookings/:id': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/closeouts': { status: 200, schema: ok(ZDiaryCloseout) },
  'DELETE /api/admin/closeouts/:id': { status: 200, schema: ok(ZDiaryCloseout) },
  // Service controls (issue 15)
  'GET /api/admin/stores': { status: 200, schema: ok(z.array(ZServiceStore)) },
  'GET /api/admin/stores/:id/menu': { status: 200, schema: ok(z.array(ZServiceItem)) },
  'POST /api/admin/items/:id/availability': { status: 200, schema: ok(ZServiceItem) },
  'POST /api/admin/options/:id/availability': { status: 200, schema: ok(ZOptionAvailability) },
  'POST /api/admin/stores/:id/pause': { status: 200, schema: ok(ZServiceStore) },
  'DELETE /api/admin/stores/:id/pause': { status: 200, schema: ok(ZServiceStore) },
  'POST /api/admin/stores/:id/busy': { status: 200, schema: ok(ZServiceStore) },
  'PUT /api/admin/stores/:id/hours': { status: 200, schema: ok(ZServiceStore) },
  'PUT /api/admin/stores/:id/special-days': { status: 200, schema: ok(ZServiceStore) },
  // UK GDPR (issue 17, point 6)
  'GET /api/customer/export': { status: 200, schema: ok(ZCustomerDataExport) },
  'DELETE /api/customer': { status: 200, schema: said },
  'GET /api/newsletter/unsubscribe/:token': { status: 200, schema: ok(ZUnsubscribeLink) },
  'POST /api/newsletter/unsubscribe/:token': { status: 200, schema: ok(ZUnsubscribeLink) },
  'GET /api/admin/newsletter/subscribers': { status: 200, schema: ok(z.array(ZSubscriber)) },
  'GET /api/admin/shop': { status: 200, schema: ok(ZShopSwitches) },
  'PATCH /api/admin/shop': { status: 200, schema: ok(ZShopSwitches) },
  // Web Push to staff devices (issue 27, docs/decisions/0032)
  'GET /api/admin/push-key': { status: 200, schema: ok(ZPushKey) },
  'POST /api/admin/push-subscriptions': { status: 200, schema: ok(ZPushSubscriptionView) },
  'DELETE /api/admin/push-subscriptions': { status: 200, schema: said },
  // The promotions, zones and capacity editors (issue 28).
  ...SHOP_EDITOR_RESPONSES,
  ...SHOP_IDENTITY_RESPONSES,
  // The menu editor (issue 28)
  'GET /api/admin/menu': { status: 200, schema: ok(ZEditableMenu) },
  'POST /api/admin/categories': { status: 201, schema: ok(ZEditableCategory) },
  'PATCH /api/admin/categories/:id': { status: 200, schema: ok(ZEditableCategory) },
  'DELETE /api/admin/categories/:id': { status: 200, schema: ok(ZEditableCategory) },
  'POST /api/admin/items': { status: 201, schema: ok(ZEditableItem) },
  'PATCH /api/admin/items/:id': { status: 200, schema: ok(ZEditableItem) },
  'POST /api/admin/items/:id/photo': { status: 200, schema: ok(ZPhotoAnswer) },
  // The back office (issue 29); the reports and the customer list also answer CSV (format=csv).
  'POST /api/admin/orders/:id/refunds': { status: 201, schema: ok(ZRefund) },
  'GET /api/admin/reports/sales': { status: 200, schema: ok(ZSalesReport) },
  'GET /api/admin/customers': { status: 200, schema: ok(ZCustomerPage) },
  'GET /api/admin/customers/:id': { status: 200, schema: ok(ZCustomerDetail) },
};

/** The routes that need a customer's bearer token (the document declares it). */
export const BEARER_ROUTES = new Set([
  'GET /api/customer',
  'POST /api/customer',
  'GET /api/customer/referral',
  'GET /api/customer/export',
  'DELETE /api/customer',
  'GET /api/customer/bookings',
  'POST /api/customer/bookings/:id/cancel',
  'GET /api/customer-addresses',
  'POST /api/customer-addresses',
  'PUT /api/customer-addresses/:id',
  'DELETE /api/customer-addresses/:id',
  'GET /api/available-timings',
  'POST /api/order',
  'PUT /api/order/payment/status',
  'POST /api/payments/demo/:id/confirm',
  'GET /api/payment-methods',
  'DELETE /api/payment-methods/:id',
  'PUT /api/order/payment/save-card',
  'POST /api/order/payment/saved-card',
  'GET /api/orders',
  'GET /api/orders/:id',
  'GET /api/orders/:id/events',
  'POST /api/promos/check',
]);

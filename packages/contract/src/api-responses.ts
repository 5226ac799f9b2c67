import { z } from 'zod';
import { ZShopConfig } from './config.ts';
import { ZHomeContent } from './home.ts';
import { ZAuditEntry, ZStaffMember, ZStaffSession } from './staff.ts';

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

/** A success whose `data` is `schema` (null for answers that only say something: SPEC §7). */
export const ok = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ status: z.number().int(), message: z.string(), data: schema });
const said = z.looseObject({
  status: z.number().int(),
  message: z.string(),
  data: z.null(),
});

const id = z.string();
const instant = z.string();
const money = z.number().int();
const allergens = z.looseObject({ contains: z.array(z.string()), mayContain: z.array(z.string()) });

const ZCustomer = z.looseObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  marketing_consent: z.boolean(),
  referral_code: z.string(),
});
/** GET /api/customer/export: the customer's copy of everything the shop keeps about them. */
const ZCustomerDataExport = z.looseObject({
  exported_at: instant,
  shop: z.string(),
  profile: z.looseObject({ id, first_name: z.string(), last_name: z.string() }),
  sign_in_contacts: z.looseObject({
    email: z.string().nullable(),
    email_verified: z.boolean(),
    phone: z.string().nullable(),
    phone_verified: z.boolean(),
  }),
  sessions: z.array(z.looseObject({ created_at: instant, expires_at: instant })),
  marketing: z.looseObject({
    consent: z.boolean(),
    consent_changed_at: instant.nullable(),
    newsletter: z.looseObject({ subscribed: z.boolean(), subscribed_at: instant.nullable() }),
  }),
  addresses: z.array(z.looseObject({ id })),
  orders: z.array(z.looseObject({ id, number: z.number().int() })),
  bookings: z.array(z.looseObject({ id, date: z.string(), time: z.string() })),
});
const ZUnsubscribeLink = z.looseObject({ email: z.string().nullable(), subscribed: z.boolean() });
const ZSubscriber = z.looseObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  source: z.enum(['newsletter', 'account']),
  consented_at: instant,
});
const ZOtpSent = z.looseObject({
  channel: z.enum(['email', 'phone']),
  contact: z.string(),
  otp_length: z.union([z.literal(4), z.literal(6)]),
  resend_in: z.number(),
  expires_in_minutes: z.number(),
});
const ZAddress = z.looseObject({
  id,
  label: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  instructions: z.string(),
  is_default: z.boolean(),
});
const ZMenuListItem = z.looseObject({
  id,
  name: z.string(),
  price: money,
  allergens,
  sold_out: z.boolean(),
});
const ZStoreMenu = z.looseObject({
  store_id: id,
  menu_id: id,
  name: z.string(),
  categories: z.array(
    z.looseObject({ id, slug: z.string(), name: z.string(), items: z.array(ZMenuListItem) }),
  ),
});
const ZMenuItemDetail = ZMenuListItem.extend({
  vat_rate: z.number(),
  modifier_groups: z.array(
    z.looseObject({
      id,
      name: z.string(),
      min: z.number().int(),
      max: z.number().int(),
      options: z.array(z.looseObject({ id, name: z.string(), price_delta: money })),
    }),
  ),
});
const ZStoreSummary = z.looseObject({
  id,
  slug: z.string(),
  name: z.string(),
  postcode: z.string(),
  is_closed: z.boolean(),
  is_open_now: z.boolean(),
  order_types: z.array(z.string()),
  menu_id: z.string().nullable(),
});
const ZOrder = z.looseObject({
  id,
  number: z.number().int(),
  status: z.string(),
  order_type: z.string(),
  scheduled_for: instant,
  lines: z.array(z.looseObject({ item_id: id, name: z.string(), quantity: z.number().int() })),
  total: money,
  currency: z.string(),
  payment: z.looseObject({ method: z.string(), provider: z.string(), status: z.string() }),
  status_history: z.array(z.looseObject({ status: z.string(), at: instant })),
  created_at: instant,
  vat_invoice: z
    .looseObject({
      vat_number: z.string(),
      time_of_supply: instant,
      total: money,
      bands: z.array(z.looseObject({ rate: z.number(), gross: money, vat: money })),
    })
    .nullable(),
});
const ZOrderPage = z.looseObject({
  orders: z.array(z.looseObject({ id, number: z.number().int(), status: z.string() })),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
const ZAvailableTimings = z.looseObject({
  store_id: id,
  order_type: z.string(),
  asap: z.looseObject({ available: z.boolean() }),
  days: z.array(
    z.looseObject({ date: z.string(), slots: z.array(z.looseObject({ at: instant })) }),
  ),
});
const ZDiaryBooking = z.looseObject({
  id,
  date: z.string(),
  time: z.string(),
  people: z.string(),
  covers: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.string(),
  source: z.string(),
  note: z.string().nullable(),
  over_capacity: z.boolean(),
  created_at: instant,
  next: z.array(z.string()),
});
const ZDiaryCloseout = z.looseObject({
  id,
  date: z.string(),
  from: z.string(),
  until: z.string(),
  label: z.string(),
  reason: z.string(),
});
const ZDiaryDay = z.looseObject({
  date: z.string(),
  time_zone: z.string(),
  store: z.looseObject({ id, name: z.string() }),
  capacity_per_slot: z.number().int(),
  services: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string(),
      covers: z.number().int(),
      bookings: z.number().int(),
      slots: z.array(
        z.looseObject({
          time: z.string(),
          covers: z.number().int(),
          capacity: z.number().int(),
          closed: z.boolean(),
          bookings: z.array(ZDiaryBooking),
        }),
      ),
    }),
  ),
  other: z.array(ZDiaryBooking),
  requests: z.array(ZDiaryBooking),
  closeouts: z.array(ZDiaryCloseout),
  totals: z.looseObject({
    covers: z.number().int(),
    bookings: z.number().int(),
    requested: z.number().int(),
  }),
});

const ZDeskOrder = z.looseObject({
  id,
  number: z.number().int(),
  status: z.string(),
  store: z.looseObject({ id, name: z.string() }),
  promised_at: instant.nullable(),
  lines: z.array(
    z.looseObject({
      name: z.string(),
      quantity: z.number().int(),
      allergens: z
        .looseObject({ contains: z.array(z.string()), may_contain: z.array(z.string()) })
        .nullable(),
    }),
  ),
  total: money,
  customer: z.looseObject({ name: z.string(), phone: z.string().nullable() }),
  payment: z.looseObject({ paid: z.boolean(), to_collect: money }),
  print_count: z.number().int(),
  next: z.array(z.string()),
});
const ZKitchenTicket = z.looseObject({
  order: ZDeskOrder,
  shop_name: z.string(),
  reprint: z.boolean(),
  print_count: z.number().int(),
  printed_at: instant,
});
const soldOut = z.union([z.enum(['today', 'indefinitely']), z.literal(false)]);
const ZServiceItem = z.looseObject({
  id,
  name: z.string(),
  price: money,
  hidden: z.boolean(),
  sold_out: soldOut,
  sold_out_until: instant.nullable(),
  options: z.array(z.looseObject({ id, name: z.string(), sold_out: soldOut })),
});
const ZServiceStore = z.looseObject({
  id,
  name: z.string(),
  is_open_now: z.boolean(),
  pause: z
    .looseObject({ order_types: z.array(z.string()), until: instant, message: z.string() })
    .nullable(),
  busy_extra_minutes: z.number().int(),
  hours: z.record(z.string(), z.array(z.looseObject({ opens: z.string(), closes: z.string() }))),
  special_days: z.array(z.looseObject({ date: z.string(), closed: z.boolean() })),
});
const ZShopSwitches = z.looseObject({
  IsShopClosed: z.number().int(),
  ShopClosedMessage: z.string(),
  allowBooking: z.number().int(),
  booking: z.looseObject({ coversPerSlot: z.number().int() }).nullable(),
});
const ZPromo = z.looseObject({ code: z.string(), description: z.string() });
const ZBooking = z.looseObject({ date: z.string(), time: z.string(), status: z.string() });
const ZReservationTimings = z.looseObject({
  slots: z.array(z.string()),
  booking_days_allowed: z.number().int(),
  allow_booking_whatsapp_share: z.string(),
  booking_whatsapp_number: z.string(),
});

/** The 2xx answer of every operation, by "METHOD /path" as the server registers it. */
export const API_RESPONSES: Record<string, { status: 200 | 201; schema: z.ZodType }> = {
  'GET /healthz': { status: 200, schema: said },
  'GET /readyz': { status: 200, schema: said },
  'POST /api/loadconfig': { status: 200, schema: ok(ZShopConfig.loose()) },
  'GET /api/loadconfig': { status: 200, schema: ok(ZShopConfig.loose()) },
  'GET /api/legal/:page': {
    status: 200,
    schema: ok(z.looseObject({ text: z.string().nullable() })),
  },
  'GET /api/home': { status: 200, schema: ok(ZHomeContent.loose()) },
  'POST /api/subscribe': { status: 200, schema: said },
  'POST /api/contact': { status: 200, schema: said },
  'POST /api/register': { status: 200, schema: ok(ZOtpSent) },
  'POST /api/resend-otp': { status: 200, schema: ok(ZOtpSent) },
  'POST /api/verify-otp': {
    status: 200,
    schema: ok(z.looseObject({ token: z.string(), expires_at: instant, customer: ZCustomer })),
  },
  'GET /api/customer': { status: 200, schema: ok(ZCustomer) },
  'POST /api/customer': { status: 200, schema: ok(ZCustomer) },
  'GET /api/customer/referral': {
    status: 200,
    schema: ok(z.looseObject({ referral_code: z.string(), friends_joined: z.number().int() })),
  },
  'GET /api/customer-addresses': { status: 200, schema: ok(z.array(ZAddress)) },
  'POST /api/customer-addresses': { status: 201, schema: ok(ZAddress) },
  'PUT /api/customer-addresses/:id': { status: 200, schema: ok(ZAddress) },
  'DELETE /api/customer-addresses/:id': { status: 200, schema: said },
  'GET /api/menu/:id': { status: 200, schema: ok(ZStoreMenu) },
  'GET /api/menu/item/:id': { status: 200, schema: ok(ZMenuItemDetail) },
  'GET /api/store': { status: 200, schema: ok(z.array(ZStoreSummary)) },
  'GET /api/stores/:id': { status: 200, schema: ok(ZStoreSummary) },
  'GET /api/available-timings': { status: 200, schema: ok(ZAvailableTimings) },
  'POST /api/order': {
    status: 200,
    schema: ok(
      z.looseObject({
        order: ZOrder,
        payment: z.looseObject({ provider: z.string(), status: z.string() }),
        price_changes: z.array(z.looseObject({ item_id: id })),
      }),
    ),
  },
  'PUT /api/order/payment/status': { status: 200, schema: ok(ZOrder) },
  'POST /api/payments/demo/:id/confirm': { status: 200, schema: ok(ZOrder) },
  'GET /api/orders': { status: 200, schema: ok(ZOrderPage) },
  'GET /api/orders/:id': { status: 200, schema: ok(ZOrder) },
  'GET /api/promos': { status: 200, schema: ok(z.array(ZPromo)) },
  'POST /api/promos/check': {
    status: 200,
    schema: ok(ZPromo.extend({ discount: money })),
  },
  'GET /api/reservation/timings': { status: 200, schema: ok(ZReservationTimings) },
  'POST /api/booking': { status: 200, schema: said },
  'GET /api/booking/cancel/:token': { status: 200, schema: ok(ZBooking) },
  'POST /api/booking/cancel/:token': { status: 200, schema: ok(ZBooking) },
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
  'GET /api/admin/orders': { status: 200, schema: ok(z.array(ZDeskOrder)) },
  'GET /api/admin/orders/:id': { status: 200, schema: ok(ZDeskOrder) },
  'POST /api/admin/orders/:id/status': { status: 200, schema: ok(ZDeskOrder) },
  'POST /api/admin/orders/:id/print': { status: 200, schema: ok(ZKitchenTicket) },
  'GET /api/admin/bookings': { status: 200, schema: ok(ZDiaryDay) },
  'POST /api/admin/bookings': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/bookings/:id/status': { status: 200, schema: ok(ZDiaryBooking) },
  'POST /api/admin/closeouts': { status: 200, schema: ok(ZDiaryCloseout) },
  'DELETE /api/admin/closeouts/:id': { status: 200, schema: ok(ZDiaryCloseout) },
  // Service controls (issue 15)
  'GET /api/admin/stores': { status: 200, schema: ok(z.array(ZServiceStore)) },
  'GET /api/admin/stores/:id/menu': { status: 200, schema: ok(z.array(ZServiceItem)) },
  'POST /api/admin/items/:id/availability': { status: 200, schema: ok(ZServiceItem) },
  'POST /api/admin/options/:id/availability': {
    status: 200,
    schema: ok(
      z.looseObject({
        id,
        sold_out: soldOut,
        sold_out_until: instant.nullable(),
        dishes: z.number(),
      }),
    ),
  },
  'PATCH /api/admin/items/:id': { status: 200, schema: ok(ZServiceItem) },
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
};

/** The routes that need a customer's bearer token (the document declares it). */
export const BEARER_ROUTES = new Set([
  'GET /api/customer',
  'POST /api/customer',
  'GET /api/customer/referral',
  'GET /api/customer/export',
  'DELETE /api/customer',
  'GET /api/customer-addresses',
  'POST /api/customer-addresses',
  'PUT /api/customer-addresses/:id',
  'DELETE /api/customer-addresses/:id',
  'GET /api/available-timings',
  'POST /api/order',
  'PUT /api/order/payment/status',
  'POST /api/payments/demo/:id/confirm',
  'GET /api/orders',
  'GET /api/orders/:id',
  'POST /api/promos/check',
]);

import { z } from 'zod';

/** The shapes of the storefront's answers (product.md §7), for API_RESPONSES (api-responses.ts). */

export const id = z.string();
export const instant = z.string();
export const money = z.number().int();
export const allergens = z.looseObject({
  contains: z.array(z.string()),
  mayContain: z.array(z.string()),
});

export const ZCustomer = z.looseObject({
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
export const ZCustomerDataExport = z.looseObject({
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
export const ZUnsubscribeLink = z.looseObject({
  email: z.string().nullable(),
  subscribed: z.boolean(),
});
export const ZSubscriber = z.looseObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  source: z.enum(['newsletter', 'account']),
  consented_at: instant,
});
export const ZOtpSent = z.looseObject({
  channel: z.enum(['email', 'phone']),
  contact: z.string(),
  otp_length: z.union([z.literal(4), z.literal(6)]),
  resend_in: z.number(),
  expires_in_minutes: z.number(),
});
export const ZAddress = z.looseObject({
  id,
  label: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  instructions: z.string(),
  is_default: z.boolean(),
});
export const ZMenuListItem = z.looseObject({
  id,
  name: z.string(),
  price: money,
  allergens,
  sold_out: z.boolean(),
});
export const ZStoreMenu = z.looseObject({
  store_id: id,
  menu_id: id,
  name: z.string(),
  categories: z.array(
    z.looseObject({ id, slug: z.string(), name: z.string(), items: z.array(ZMenuListItem) }),
  ),
});
export const ZMenuItemDetail = ZMenuListItem.extend({
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
export const ZStoreSummary = z.looseObject({
  id,
  slug: z.string(),
  name: z.string(),
  postcode: z.string(),
  is_closed: z.boolean(),
  is_open_now: z.boolean(),
  order_types: z.array(z.string()),
  menu_id: z.string().nullable(),
});
export const ZPromo = z.looseObject({ code: z.string(), description: z.string() });
export const ZBooking = z.looseObject({ date: z.string(), time: z.string(), status: z.string() });
export const ZReservationTimings = z.looseObject({
  slots: z.array(z.string()),
  booking_days_allowed: z.number().int(),
  allow_booking_whatsapp_share: z.string(),
  booking_whatsapp_number: z.string(),
});

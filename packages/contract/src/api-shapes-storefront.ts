import { z } from 'zod';
import type { Answer } from './answer.ts';
import { ZOrder } from './order-answer.ts';
import { BOOKING_STATUSES } from './reservation-rules.ts';

/**
 * The shapes of the storefront's answers (product.md §7), for API_RESPONSES (api-responses.ts):
 * one schema each, whose type the web reads (the domain files re-export the types). Menus and
 * stores are in api-shapes-menu.ts, orders in order-answer.ts.
 */

export const id = z.string();
export const instant = z.string();
export const money = z.number().int();

/** GET /api/legal/{page}: the shop's own privacy or terms text, or null for the standard one. */
export const ZLegalText = z.looseObject({ text: z.string().nullable() });
export type LegalText = Answer<typeof ZLegalText>;

/** What register and resend answer in `data`: where the code went and when to offer another. */
export const ZOtpSent = z.looseObject({
  channel: z.enum(['email', 'phone']),
  contact: z.string(),
  otp_length: z.union([z.literal(4), z.literal(6)]),
  /** Seconds until the server takes a resend (product.md §9: 60). */
  resend_in: z.number().int(),
  /** Minutes the code stays valid. */
  expires_in_minutes: z.number().int(),
});
export type OtpSent = Answer<typeof ZOtpSent>;

/** The customer as the API shows them (architecture.md "Account"). */
export const ZCustomer = z.looseObject({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Contacts proven with a code: the customer signs in with these, so they are not edited. */
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  marketing_consent: z.boolean(),
  referral_code: z.string(),
});
export type Customer = Answer<typeof ZCustomer>;

/** product.md §3 userData: what verify-otp answers and the browser keeps. */
export const ZUserData = z.looseObject({
  token: z.string(),
  /** ISO instant after which the token answers 401. */
  expires_at: instant,
  customer: ZCustomer,
});
export type UserData = Answer<typeof ZUserData>;

/** GET /api/customer/referral: the invite link's code and how many friends joined with it. */
export const ZReferral = z.looseObject({
  referral_code: z.string(),
  friends_joined: z.number().int(),
});
export type Referral = Answer<typeof ZReferral>;
/** GET /api/newsletter/unsubscribe/:token: whose link it is, with the address partly hidden. */
export const ZUnsubscribeLink = z.looseObject({
  /** `p•••@example.com`: enough to recognise, not enough to learn an address from a link. */
  email: z.string().nullable(),
  subscribed: z.boolean(),
});
export type UnsubscribeLink = Answer<typeof ZUnsubscribeLink>;

/** One row of GET /api/admin/newsletter/subscribers (and of its CSV). */
export const ZSubscriber = z.looseObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  /** Where the consent was given. */
  source: z.enum(['newsletter', 'account']),
  /** When the consent was given, ISO 8601. */
  consented_at: instant,
});
export type Subscriber = Answer<typeof ZSubscriber>;

/** A saved address as the API shows it. */
export const ZAddress = z.looseObject({
  id,
  label: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  /** The postcode district, which decides the delivery zone. */
  district: z.string(),
  instructions: z.string(),
  is_default: z.boolean(),
});
export type Address = Answer<typeof ZAddress>;

/** GET /api/promos: the public codes that work now. */
export const ZPublicPromo = z.looseObject({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  minimum_order: money,
  ends_at: instant.nullable(),
});
export type PublicPromo = Answer<typeof ZPublicPromo>;

/**
 * POST /api/promos/check: the code works for this customer and basket now. A code that does
 * not is a 422 naming promo_code, in the words placing the order would use.
 */
export const ZPromoCheck = ZPublicPromo.extend({
  /** The food the server priced (pricing.ts): the lines that can be ordered. */
  subtotal: money,
  /** What the code takes off that food now (pricing.ts promoDiscount). */
  discount: money,
});
export type PromoCheck = Answer<typeof ZPromoCheck>;

/** GET /api/reservation/timings (product.md §3): note the share flag is the string 'true' or 'false'. */
export const ZReservationTimings = z.looseObject({
  date: z.string(),
  slots: z.array(z.string()),
  booking_days_allowed: z.number().int(),
  allow_booking_whatsapp_share: z.enum(['true', 'false']),
  booking_whatsapp_number: z.string(),
  /**
   * Why no table can be booked now, in the shop's words: the shop closed (its closed message) or
   * its main store closed until further notice; `slots` is then empty for every date. Null
   * otherwise (walk item 3).
   */
  closed_message: z.string().nullable(),
});
export type ReservationTimings = Answer<typeof ZReservationTimings>;

/**
 * A booking as its cancel page shows it. The party is as the guest asked ("10+" for a request)
 * or, once the restaurant confirmed a request, the real size ("14").
 */
export const ZBooking = z.looseObject({
  date: z.string(),
  time: z.string(),
  number_of_people: z.string(),
  name: z.string(),
  status: z.enum(BOOKING_STATUSES),
  restaurant: z.string(),
});
export type Booking = Answer<typeof ZBooking>;

/**
 * GET /api/customer/bookings: one of the signed-in customer's table bookings (those made with a
 * contact they signed in with; decision 85). `upcoming` is the server's clock against
 * the booking's time in the shop's zone; `cancellable` says the account may cancel it now.
 */
export const ZCustomerBooking = ZBooking.extend({
  id,
  upcoming: z.boolean(),
  cancellable: z.boolean(),
  /** Why the restaurant declined or cancelled it, when it said. */
  note: z.string().nullable(),
});
export type CustomerBooking = Answer<typeof ZCustomerBooking>;

/**
 * GET /api/customer/export: the customer's copy of everything the shop keeps about them (UK
 * GDPR art. 15 and 20, personal-data.ts): the orders as the order page shows them, the
 * bookings made with their verified e-mail.
 */
export const ZCustomerDataExport = z.looseObject({
  exported_at: instant,
  shop: z.string(),
  profile: z.looseObject({
    id,
    first_name: z.string(),
    last_name: z.string(),
    referral_code: z.string(),
    /** The customer whose invitation they came with, or null. */
    referred_by: id.nullable(),
    created_at: instant,
    updated_at: instant,
  }),
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
  addresses: z.array(ZAddress),
  orders: z.array(ZOrder),
  bookings: z.array(
    z.looseObject({
      id,
      date: z.string(),
      time: z.string(),
      people: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      message: z.string(),
      status: z.enum(BOOKING_STATUSES),
      note: z.string().nullable(),
      created_at: instant,
      cancelled_at: instant.nullable(),
    }),
  ),
});
export type CustomerDataExport = Answer<typeof ZCustomerDataExport>;

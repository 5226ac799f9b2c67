import { z } from 'zod';
import type { Answer } from './answer.ts';
import { ALLERGEN_KEYS } from './allergens.ts';
import { ORDER_TYPES } from './menu.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './order.ts';
import { ORDER_STATUSES } from './order-statuses.ts';

/**
 * The customer's order as the API answers it (GET /api/orders/{id}, POST /api/order, the
 * payment calls), and the order list and delivery times: one schema each, whose type is the
 * answer's (issue 32). Keys are in the order they go out: the serializer writes a schema's keys
 * first, in its order; lines and addresses are kept as PostgreSQL's jsonb orders their keys.
 */

const id = z.string();
const instant = z.string();
const money = z.number().int();
const orderStatus = z.enum(ORDER_STATUSES);
const orderType = z.enum(ORDER_TYPES);

export const ZOrderLine = z.looseObject({
  item_id: id,
  name: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  vat_rate: z.number(),
  /**
   * What the dish and its chosen options declared when the order was placed (the kitchen reads
   * this, not today's menu). Absent on orders placed before it was recorded.
   */
  allergens: z
    .looseObject({
      contains: z.array(z.enum(ALLERGEN_KEYS)),
      may_contain: z.array(z.enum(ALLERGEN_KEYS)),
    })
    .optional(),
  /** The choices as group and option ids, so a reorder can put the same dish back in the cart. */
  modifiers: z.array(z.looseObject({ group_id: z.string(), option_ids: z.array(z.string()) })),
  line_total: money,
  unit_price: money,
  modifier_names: z.array(z.string()),
});
export type OrderLine = Answer<typeof ZOrderLine>;

/**
 * A UK simplified VAT invoice (HMRC VAT Notice 700, 16.6: a supply of £250 or less): who
 * supplied, when, what, the total, and for each VAT rate the amount paid at it and the VAT in
 * it. Only shops with a VAT number give one.
 */
const band = z.looseObject({ rate: z.number(), gross: money, vat: money });
export const ZVatInvoice = z.looseObject({
  vat_number: z.string(),
  /** The time of supply: when the order was placed. */
  time_of_supply: instant,
  /** Including VAT. */
  total: money,
  bands: z.array(band),
  supplier_name: z.string(),
  supplier_address: z.string(),
  vat: money,
  /**
   * The refunds given on the order (failed ones gave nothing back), oldest first: each a credit
   * against this invoice, its VAT taken back in the invoice’s bands (decision 81). Absent while
   * there are none.
   */
  refunds: z
    .array(z.looseObject({ at: instant, amount: money, vat: money, bands: z.array(band) }))
    .optional(),
  /** What stands after the refunds (present with them): the total, its VAT and its bands. */
  net: z.looseObject({ total: money, vat: money, bands: z.array(band) }).optional(),
});
export type VatInvoice = Answer<typeof ZVatInvoice>;

export const ZOrderAddress = z.looseObject({
  city: z.string(),
  postcode: z.string(),
  instructions: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
});
export type OrderAddress = Answer<typeof ZOrderAddress>;

export const ZOrder = z.looseObject({
  id,
  /** Short and per shop, for people: "1042". */
  number: z.number().int(),
  status: orderStatus,
  order_type: orderType,
  /** When the food should be ready (collection) or arrive (delivery). */
  scheduled_for: instant,
  lines: z.array(ZOrderLine),
  total: money,
  currency: z.string(),
  payment: z.looseObject({
    method: z.enum(PAYMENT_METHODS),
    provider: z.enum(['stripe', 'demo', 'cash']),
    status: z.enum(PAYMENT_STATUSES),
    /** For the customer's own order still to be paid through Stripe: what /payment needs. */
    client_secret: z.string().nullable(),
    publishable_key: z.string().nullable(),
    /** The shop's own Stripe account the payment is made on (Stripe.js must be told), or null. */
    stripe_account: z.string().nullable(),
    /** What the shop has given back by refunds, in minor units (issue 29; absent on old answers). */
    refunded: money.optional(),
  }),
  status_history: z.array(z.looseObject({ status: orderStatus, at: instant })),
  created_at: instant,
  /**
   * Why the shop declined or cancelled it: the reason chosen (a sentence, null for "another
   * reason") and the staff's own words (null when they typed none). Null for any other status.
   */
  shop_reason: z
    .looseObject({ reason: z.string().nullable(), words: z.string().nullable() })
    .nullable(),
  /**
   * For a shop with a VAT number, the order's simplified VAT invoice; null otherwise, and null
   * for an order declined, cancelled or never paid (nothing was supplied).
   */
  vat_invoice: ZVatInvoice.nullable(),
  store: z.looseObject({ id, name: z.string(), phone: z.string() }),
  address: ZOrderAddress.nullable(),
  asap: z.boolean(),
  subtotal: money,
  delivery_fee: money,
  discount: money,
  /** The VAT inside the total (UK prices include VAT). */
  vat: money,
  promo_code: z.string().nullable(),
  notes: z.string(),
  /** When the kitchen said the order will be ready; null until it is accepted. */
  promised_at: instant.nullable(),
});
export type Order = Answer<typeof ZOrder>;

export const ZOrderSummary = z.looseObject({
  id,
  number: z.number().int(),
  status: orderStatus,
  store_name: z.string(),
  order_type: orderType,
  total: money,
  /** What the shop has given back of it (0: nothing). */
  refunded: money.optional(),
  currency: z.string(),
  item_count: z.number().int(),
  created_at: instant,
  scheduled_for: instant,
});
export type OrderSummary = Answer<typeof ZOrderSummary>;

export const ZOrderPage = z.looseObject({
  orders: z.array(ZOrderSummary),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type OrderPage = Answer<typeof ZOrderPage>;

/** GET /api/available-timings?store_id=…&order_type=…: ASAP and the slots of the coming days. */
export const ZAvailableTimings = z.looseObject({
  store_id: id,
  order_type: orderType,
  asap: z.looseObject({
    available: z.boolean(),
    at: instant.nullable(),
    minutes: z.number().nullable(),
    /**
     * Why ASAP is not offered while the store is open: it closes before an order could be
     * ready (collection) or arrive (delivery, by closing plus the ride). The instant the store
     * closes; null otherwise (offered, or the store is closed now). Absent on older answers.
     */
    closes_at: instant.nullable().optional(),
    /**
     * Why ASAP is not offered while the store is open and could cook it: the store's kitchen has
     * no room left in the quarter hour it would be ready in (its slot cap, issue 28). Absent or
     * false otherwise.
     */
    full: z.boolean().optional(),
  }),
  days: z.array(
    z.looseObject({
      date: z.string(),
      slots: z.array(z.looseObject({ at: instant, label: z.string() })),
      label: z.string(),
    }),
  ),
  /** Why there are no times: the shop paused this order type (its message), or null. */
  paused: z.looseObject({ message: z.string(), until: instant }).nullable(),
});
export type AvailableTimings = Answer<typeof ZAvailableTimings>;

/** What POST /api/order answers: the order and what the browser needs to pay for it. */
export const ZOrderCreated = z.looseObject({
  order: ZOrder,
  payment: z.looseObject({
    provider: z.enum(['stripe', 'demo', 'cash']),
    status: z.enum(PAYMENT_STATUSES),
    /** Stripe's client secret for its payment element; null for demo and cash. */
    client_secret: z.string().nullable(),
    /** Stripe's publishable key, so the page needs no other configuration. */
    publishable_key: z.string().nullable(),
    /** The shop's own Stripe account the payment is made on, or null for the platform's. */
    stripe_account: z.string().nullable(),
  }),
  /** Lines whose price differs from what the customer saw: shown before paying. */
  price_changes: z.array(z.looseObject({ item_id: id, name: z.string(), was: money, now: money })),
});
export type OrderCreated = Answer<typeof ZOrderCreated>;

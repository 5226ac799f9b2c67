import { z } from 'zod';
import { CART_NOTE_MAX_LENGTH } from './cart.ts';
import { ORDER_TYPES } from './menu.ts';
import { ADDRESS_REQUIRED_MESSAGE } from './delivery-contact.ts';
import { MAX_LINE_QUANTITY } from './pricing.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses.ts';

/**
 * Checkout, orders and payments (product.md §7: POST /api/order, PUT /api/order/payment/status,
 * GET /api/orders, GET /api/orders/{id}, GET /api/available-timings; architecture.md decides shapes).
 * Money is integer minor units.
 */

const ZId = z.string({ error: 'Must be an id' }).uuid('Must be an id');

export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ZOrderLineRequest = z.object({
  item_id: ZId,
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  modifiers: z
    .array(
      z.object({
        group_id: z.string().max(100),
        option_ids: z.array(z.string().max(100)).max(40),
      }),
    )
    .max(10)
    .default([]),
  note: z.string().trim().max(CART_NOTE_MAX_LENGTH).default(''),
  /** What the customer saw; ignored for pricing, compared to tell them what changed. */
  unit_price: z.number().int().optional(),
});

/** The body of POST /api/order. */
export const ZOrderRequest = z
  .object({
    store_id: ZId,
    order_type: z.enum(ORDER_TYPES, { error: 'Choose delivery or collection' }),
    /** Required for delivery: one of the customer's saved addresses. */
    address_id: ZId.optional(),
    /** "asap", or the instant of a slot from GET /api/available-timings. */
    when: z.union([z.literal('asap'), z.iso.datetime({ offset: true })], {
      error: 'Choose ASAP or a time from the list',
    }),
    lines: z
      .array(ZOrderLineRequest)
      .min(1, 'Your basket is empty')
      .max(100, 'An order can have at most 100 lines'),
    promo_code: z.string().trim().toUpperCase().max(40).optional(),
    notes: z.string().trim().max(500, 'Notes should be at most 500 characters').default(''),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose card or cash' }),
  })
  .superRefine((order, ctx) => {
    if (order.order_type === 'delivery' && !order.address_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['address_id'],
        message: ADDRESS_REQUIRED_MESSAGE,
      });
    }
  });
export type OrderRequest = z.infer<typeof ZOrderRequest>;
export type OrderRequestInput = z.input<typeof ZOrderRequest>;

/** The body of PUT /api/order/payment/status: the server asks the provider, never the client. */
export const ZPaymentStatusRequest = z.object({ order_id: ZId });

export { ORDER_STATUSES, type OrderStatus };

export const PAYMENT_STATUSES = [
  'requires_payment',
  'requires_action',
  'processing',
  /** The card is held for the amount, not charged: the shop's accept captures it. */
  'authorised',
  /** Accepted: the held amount is being taken (the desk sweeper retries a failure). */
  'capture_pending',
  'succeeded',
  'failed',
  'cancelled',
  'pay_on_collection',
  'pay_on_delivery',
  /** The shop rejected or cancelled an order whose card was only held: the hold is lifted. */
  'release_pending',
  /** The hold was lifted: the customer was never charged. */
  'released',
  /** The shop rejected or cancelled a charged order: the money is on its way back. */
  'refund_pending',
  /** Given back in full. */
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// In settlement.ts, which has no zod: the order page asks it on its first screen.
export { isPaymentSecured, SECURED_PAYMENT_STATUSES } from './settlement.ts';

/**
 * Money follows the restaurant's decision (architecture.md "The restaurant side"): a card is only
 * held at checkout and charged when the shop accepts. A hold lasts about 7 days at the card
 * networks, so an order due further ahead than this is charged at once (and refunded if the
 * shop rejects it).
 */
export const HOLD_CARD_FOR_AT_MOST_DAYS = 5;
export const capturesAtCheckout = (scheduledFor: Date, now: Date) =>
  scheduledFor.getTime() - now.getTime() > HOLD_CARD_FOR_AT_MOST_DAYS * 86_400_000;

export type PaymentProviderName = 'stripe' | 'demo' | 'cash';

// The answers' shapes are schemas (order-answer.ts), their types read from them.
export type {
  AvailableTimings,
  Order,
  OrderAddress,
  OrderCreated,
  OrderLine,
  OrderPage,
  OrderSummary,
  VatInvoice,
} from './order-answer.ts';

export const ZTimingsQuery = z.object({
  store_id: ZId,
  order_type: z.enum(ORDER_TYPES, { error: 'Choose delivery or collection' }),
  /** The delivery address's postcode: the times then count its zone's minutes on the road (issue 28). */
  postcode: z.string().trim().max(10, 'Enter a full UK postcode, such as E1 6RL.').optional(),
});
export type TimingsQuery = z.infer<typeof ZTimingsQuery>;

/** The demo provider's card form (test mode), as POST /api/payments/demo/{order id}/confirm takes it. */
export const ZDemoCardRequest = z.object({
  card_number: z
    .string({ error: 'Enter the card number' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expiry: z
    .string({ error: 'Enter the expiry date as MM/YY' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry date as MM/YY'),
  cvc: z
    .string({ error: 'Enter the 3 or 4 digit security code' })
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  /** The answer to the test-mode "authenticate this payment" step (3-D Secure). */
  authenticate: z.enum(['approve', 'fail']).optional(),
  /** The customer agreed to keep the card for next time (issue 30): a demo token is saved. */
  save_card: z.boolean().optional(),
});
export type DemoCardRequest = z.infer<typeof ZDemoCardRequest>;

export const CARD_EXPIRED_MESSAGE = 'Your card has expired.';

/** Luhn's checksum, as every card number carries (the demo provider and its card form). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether an MM/YY expiry has passed at `at`: a card works to the end of its month (UTC). */
export function cardExpired(expiry: string, at: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  return Date.UTC(2000 + year!, month!, 1) <= at.getTime();
}

/** Cards the demo provider knows, as Stripe's test cards behave. */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002760003184',
} as const;

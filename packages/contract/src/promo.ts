import { z } from 'zod';
import { ZMinorUnits } from './menu.ts';
import { ZOrderLineRequest } from './order.ts';

/** A promo code in the tenant document (architecture.md "Promotions"). */
export const ZPromoDocument = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9]{3,20}$/, 'Use 3 to 20 capital letters and digits, such as WELCOME10'),
    description: z.string().min(1).max(200),
    kind: z.enum(['percent', 'fixed']),
    /** Percent off (1 to 100), or pence off. */
    value: z.number().int().min(1),
    minimumOrder: ZMinorUnits.default(0),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Uses across all customers; null for no limit. */
    totalLimit: z.number().int().min(1).nullable().default(null),
    perCustomerLimit: z.number().int().min(1).nullable().default(1),
    /** Listed on /promo; private codes still work when typed. */
    public: z.boolean().default(true),
    /** The slugs of the stores it works at (issue 28); absent: every store. */
    stores: z.array(z.string()).max(200).optional(),
    /** Only for a customer's first order (issue 28). */
    firstOrderOnly: z.boolean().optional(),
  })
  .strict()
  .refine((promo) => promo.kind !== 'percent' || promo.value <= 100, {
    path: ['value'],
    message: 'A percentage must be at most 100',
  });
export type PromoDocument = z.infer<typeof ZPromoDocument>;

/**
 * A promo code as POST /api/order reads it (upper case, trimmed), so the check and the order
 * look up the same code.
 */
export const ZPromoCode = z
  .string({ error: 'Enter a promo code' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter a promo code')
  .max(40, 'A promo code has at most 40 characters');

/**
 * The body of POST /api/promos/check: the code, the basket's store and its lines as the order
 * would send them. The server prices the lines itself; the dishes that cannot be ordered do not
 * count (the checkout asks for them to go before the order can).
 */
export const ZPromoCheckRequest = z.object({
  promo_code: ZPromoCode,
  store_id: z.string({ error: 'Must be an id' }).uuid('Must be an id'),
  lines: z
    .array(ZOrderLineRequest)
    .min(1, 'Your basket is empty')
    .max(100, 'An order can have at most 100 lines'),
});
export type PromoCheckRequest = z.infer<typeof ZPromoCheckRequest>;
export type PromoCheckRequestInput = z.input<typeof ZPromoCheckRequest>;

// The answers' shapes are schemas (api-shapes-storefront.ts), their types read from them.
export type { PublicPromo, PromoCheck } from './api-shapes-storefront.ts';

import { z } from 'zod';
import { ZMinorUnits } from './menu.ts';

/** A promo code in the tenant document (DESIGN.md "Promotions"). */
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
  })
  .strict()
  .refine((promo) => promo.kind !== 'percent' || promo.value <= 100, {
    path: ['value'],
    message: 'A percentage must be at most 100',
  });
export type PromoDocument = z.infer<typeof ZPromoDocument>;

/** GET /api/promos: the public codes that work now. */
export interface PublicPromo {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  minimum_order: number;
  ends_at: string | null;
}

import { z } from 'zod';

export const ZCurrency = z.object({
  value: z.string().regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as GBP'),
  label: z.string().min(1),
  sign: z.string().min(1).max(4),
});
export type Currency = z.infer<typeof ZCurrency>;

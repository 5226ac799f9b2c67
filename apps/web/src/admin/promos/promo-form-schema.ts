import { z } from 'zod';
import { ZPromoCreate, type AdminPromo, type PromoCreate } from '@servery/contract/shop-editor';
import { penceOf, poundsOf } from '../../lib/pounds.ts';

/**
 * The promo form as people fill it in (pounds, local date and time, empty for "no limit"),
 * turned into the API's body and checked by the contract's own schema, so the form and the
 * server refuse the same things under the same field names.
 */
const toCount = (text: string) => (text.trim() === '' ? null : Number(text));
const toInstant = (local: string) => (local ? new Date(local).toISOString() : null);

export const ZPromoForm = z
  .object({
    code: z.string(),
    description: z.string(),
    kind: z.enum(['percent', 'fixed']),
    value: z.string(),
    minimum_order: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    total_limit: z.string(),
    per_customer_limit: z.string(),
    store_ids: z.array(z.string()),
    first_order_only: z.boolean(),
    public: z.boolean(),
  })
  .transform((form): z.input<typeof ZPromoCreate> => ({
    ...form,
    value: form.kind === 'percent' ? Number(form.value) : penceOf(form.value),
    minimum_order: penceOf(form.minimum_order, 0),
    starts_at: toInstant(form.starts_at),
    ends_at: toInstant(form.ends_at),
    total_limit: toCount(form.total_limit),
    per_customer_limit: toCount(form.per_customer_limit),
  }))
  .pipe(ZPromoCreate);
export type PromoFormValues = z.input<typeof ZPromoForm>;
export type PromoFormBody = PromoCreate;

/** "2026-12-31T23:59:00.000Z" → the local "2026-12-31T23:59" a datetime-local input shows. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function promoFormValues(promo?: AdminPromo): PromoFormValues {
  if (!promo) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '10',
      minimum_order: '0',
      starts_at: '',
      ends_at: '',
      total_limit: '',
      per_customer_limit: '1',
      store_ids: [],
      first_order_only: false,
      public: true,
    };
  }
  return {
    code: promo.code,
    description: promo.description,
    kind: promo.kind,
    value: promo.kind === 'percent' ? String(promo.value) : poundsOf(promo.value),
    minimum_order: poundsOf(promo.minimum_order),
    starts_at: localInput(promo.starts_at),
    ends_at: localInput(promo.ends_at),
    total_limit: promo.total_limit === null ? '' : String(promo.total_limit),
    per_customer_limit: promo.per_customer_limit === null ? '' : String(promo.per_customer_limit),
    store_ids: promo.store_ids,
    first_order_only: promo.first_order_only,
    public: promo.public,
  };
}

import { z } from 'zod';
import { ZMinorUnits } from './menu.ts';

/**
 * The staff app's promotions, delivery zones and capacity editors (issue 28,
 * docs/decisions/0036-promos-zones-and-capacity-editors.md): the requests the server checks and
 * the forms use, and the answers both read. Every object carries a `version`: a save sends the
 * one it read (`If-Match`, or `version` in the body) and a stale save is a 409 with the current
 * values.
 */

const id = z.uuid({ message: 'Not a valid id' });
const instant = z.iso.datetime({
  offset: true,
  message: 'Use a date and time, such as 2026-12-31T23:59:00Z',
});
const version = z.number().int().min(1);

export const ZPromoCodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,20}$/, 'Use 3 to 20 letters and digits, such as WELCOME10');

const promoFields = {
  description: z.string().trim().min(1, 'Say what the code gives').max(200),
  kind: z.enum(['percent', 'fixed']),
  /** Percent off (1 to 100), or pence off. */
  value: z.number().int('Use a whole number').min(1, 'At least 1'),
  minimum_order: ZMinorUnits,
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  /** Uses across all customers; null: no limit. */
  total_limit: z.number().int().min(1, 'At least 1, or no limit').nullable(),
  per_customer_limit: z.number().int().min(1, 'At least 1, or no limit').nullable(),
  /** The stores the code works at; empty: every store. */
  store_ids: z.array(id).max(200),
  first_order_only: z.boolean(),
  /** Listed on /promo; a private code still works when typed. */
  public: z.boolean(),
};

type PromoRules = {
  kind?: 'percent' | 'fixed';
  value?: number;
  starts_at?: string | null;
  ends_at?: string | null;
};
/** The rules between fields, for a whole promo or a patch (which the server checks merged). */
function promoRules(promo: PromoRules, ctx: z.RefinementCtx) {
  if (promo.kind === 'percent' && promo.value !== undefined && promo.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be at most 100' });
  }
  if (promo.starts_at && promo.ends_at && promo.ends_at <= promo.starts_at) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'End it after it starts' });
  }
}

/** POST /api/admin/promos. */
export const ZPromoCreate = z
  .object({ code: ZPromoCodeText, ...promoFields })
  .strict()
  .superRefine(promoRules);
export type PromoCreate = z.infer<typeof ZPromoCreate>;
export type PromoCreateInput = z.input<typeof ZPromoCreate>;

/**
 * PATCH /api/admin/promos/{id}: any of the fields (the code itself stays: orders name it). A
 * code in use is ended by setting `ends_at`, never deleted, so its history stays.
 */
export const ZPromoPatch = z
  .object({ ...promoFields, version })
  .partial()
  .strict()
  .superRefine(promoRules);
export type PromoPatch = z.infer<typeof ZPromoPatch>;

export const PROMO_STATES = ['active', 'scheduled', 'ended', 'used_up'] as const;

/** A zone as the editor sends and shows it: a district (E1) or a sector (E1 6). */
export const ZZoneEdit = z
  .object({
    area: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,2}\d[A-Z\d]?(?: \d)?$/, 'Use a district or sector, such as E1 or E1 6'),
    fee: ZMinorUnits,
    minimum_order: ZMinorUnits,
    /** Minutes on the road to this area; null: the store's. */
    travel_minutes: z.number().int().min(0).max(180, 'At most 180 minutes').nullable(),
  })
  .strict();
export type ZoneEdit = z.infer<typeof ZZoneEdit>;

/** PUT /api/admin/stores/{id}/zones: the store's whole list. */
export const ZZonesPut = z
  .object({ zones: z.array(ZZoneEdit).max(200), version: version.optional() })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.zones.forEach((zone, index) => {
      if (seen.has(zone.area)) {
        ctx.addIssue({ code: 'custom', path: ['zones', index, 'area'], message: 'Listed twice' });
      }
      seen.add(zone.area);
    });
  });
export type ZonesPut = z.infer<typeof ZZonesPut>;
export type ZonesPutInput = z.input<typeof ZZonesPut>;

export const ZZonePreviewQuery = z.object({
  postcode: z.string({ error: 'Enter a postcode' }).min(1, 'Enter a postcode').max(12),
});

export const SLOT_CAP_UNITS = ['orders', 'dishes'] as const;

/** PATCH /api/admin/stores/{id}/automation. */
export const ZAutomationPatch = z
  .object({
    /** The most orders (or dishes) one 15-minute slot takes; null: no cap. */
    slot_cap: z.number().int().min(1, 'At least 1, or no cap').max(1000).nullable(),
    slot_cap_unit: z.enum(SLOT_CAP_UNITS),
    /** Accept paid orders automatically with this ready time; null: staff accept. */
    auto_accept_minutes: z.number().int().min(5, 'At least 5 minutes').max(240).nullable(),
    auto_print: z.boolean(),
    version,
  })
  .partial()
  .strict();
export type AutomationPatch = z.infer<typeof ZAutomationPatch>;

// The answers' shapes are schemas (api-shapes-shop-editor.ts), their types read from them.
export type {
  AdminPromo,
  StoreZones,
  ZonePreview,
  StoreAutomation,
  AutoPrintStores,
} from './api-shapes-shop-editor.ts';

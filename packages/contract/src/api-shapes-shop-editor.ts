import { z } from 'zod';
import type { Answer } from './answer.ts';
import { PROMO_STATES, SLOT_CAP_UNITS } from './shop-editor.ts';

/**
 * The answers of the promotions, zones and capacity editors (issue 28) for the OpenAPI
 * document, spread into API_RESPONSES: one schema each, whose type the web reads (shop-editor.ts
 * re-exports them). Loose like the others: a field added later passes.
 */
const ok = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ status: z.number().int(), message: z.string(), data: schema });

/** A promo code as the editor shows it. */
export const ZAdminPromo = z.looseObject({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  minimum_order: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  total_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  store_ids: z.array(z.string()),
  first_order_only: z.boolean(),
  public: z.boolean(),
  /** Standing orders that used it. */
  uses: z.number().int(),
  state: z.enum(PROMO_STATES),
  version: z.number().int(),
  /**
   * Whether the caller may change it: every store it applies at is theirs. A code that applies
   * at their stores and others (a shop-wide one, for a manager of one store) is listed read-only.
   */
  editable: z.boolean(),
});
export type AdminPromo = Answer<typeof ZAdminPromo>;

const zone = z.looseObject({
  area: z.string(),
  fee: z.number().int(),
  minimum_order: z.number().int(),
  travel_minutes: z.number().int().nullable(),
});

export const ZStoreZones = z.looseObject({
  store_id: z.string(),
  store_name: z.string(),
  /** Whether the store offers delivery at all (its order types). */
  delivers: z.boolean(),
  /** The store's own minutes on the road, for zones without theirs. */
  delivery_minutes: z.number().int(),
  zones: z.array(zone),
  version: z.number().int(),
});
export type StoreZones = Answer<typeof ZStoreZones>;

/** GET /api/admin/stores/{id}/zones/preview?postcode=: what a customer there would get. */
export const ZZonePreview = z.looseObject({
  postcode: z.string(),
  delivers: z.boolean(),
  /** The zone that matched (a sector before its district), or null. */
  area: z.string().nullable(),
  fee: z.number().int().nullable(),
  minimum_order: z.number().int().nullable(),
  travel_minutes: z.number().int().nullable(),
});
export type ZonePreview = Answer<typeof ZZonePreview>;

export const ZStoreAutomation = z.looseObject({
  store_id: z.string(),
  store_name: z.string(),
  slot_cap: z.number().int().nullable(),
  slot_cap_unit: z.enum(SLOT_CAP_UNITS),
  auto_accept_minutes: z.number().int().nullable(),
  auto_print: z.boolean(),
  version: z.number().int(),
});
export type StoreAutomation = Answer<typeof ZStoreAutomation>;

/** GET /api/admin/auto-print: the staff member's stores that print an order when it is accepted. */
export const ZAutoPrintStores = z.looseObject({ store_ids: z.array(z.string()) });
export type AutoPrintStores = Answer<typeof ZAutoPrintStores>;

export const SHOP_EDITOR_RESPONSES: Record<string, { status: 200 | 201; schema: z.ZodType }> = {
  'GET /api/admin/promos': { status: 200, schema: ok(z.array(ZAdminPromo)) },
  'POST /api/admin/promos': { status: 201, schema: ok(ZAdminPromo) },
  'PATCH /api/admin/promos/:id': { status: 200, schema: ok(ZAdminPromo) },
  'GET /api/admin/stores/:id/zones': { status: 200, schema: ok(ZStoreZones) },
  'PUT /api/admin/stores/:id/zones': { status: 200, schema: ok(ZStoreZones) },
  'GET /api/admin/stores/:id/zones/preview': { status: 200, schema: ok(ZZonePreview) },
  'GET /api/admin/stores/:id/automation': { status: 200, schema: ok(ZStoreAutomation) },
  'PATCH /api/admin/stores/:id/automation': { status: 200, schema: ok(ZStoreAutomation) },
  'GET /api/admin/auto-print': { status: 200, schema: ok(ZAutoPrintStores) },
};

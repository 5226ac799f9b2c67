import { z } from 'zod';

/**
 * The answers of the promotions, zones and capacity editors (issue 28) for the OpenAPI
 * document, spread into API_RESPONSES. Loose like the others: a field added later passes.
 */
const ok = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ status: z.number().int(), message: z.string(), data: schema });

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
  uses: z.number().int(),
  state: z.string(),
  version: z.number().int(),
});

const zone = z.looseObject({
  area: z.string(),
  fee: z.number().int(),
  minimum_order: z.number().int(),
  travel_minutes: z.number().int().nullable(),
});

export const ZStoreZones = z.looseObject({
  store_id: z.string(),
  store_name: z.string(),
  delivers: z.boolean(),
  delivery_minutes: z.number().int(),
  zones: z.array(zone),
  version: z.number().int(),
});

export const ZZonePreview = z.looseObject({
  postcode: z.string(),
  delivers: z.boolean(),
  area: z.string().nullable(),
  fee: z.number().int().nullable(),
  minimum_order: z.number().int().nullable(),
  travel_minutes: z.number().int().nullable(),
});

export const ZStoreAutomation = z.looseObject({
  store_id: z.string(),
  store_name: z.string(),
  slot_cap: z.number().int().nullable(),
  slot_cap_unit: z.enum(['orders', 'dishes']),
  auto_accept_minutes: z.number().int().nullable(),
  auto_print: z.boolean(),
  version: z.number().int(),
});

export const SHOP_EDITOR_RESPONSES: Record<string, { status: 200 | 201; schema: z.ZodType }> = {
  'GET /api/admin/promos': { status: 200, schema: ok(z.array(ZAdminPromo)) },
  'POST /api/admin/promos': { status: 201, schema: ok(ZAdminPromo) },
  'PATCH /api/admin/promos/:id': { status: 200, schema: ok(ZAdminPromo) },
  'GET /api/admin/stores/:id/zones': { status: 200, schema: ok(ZStoreZones) },
  'PUT /api/admin/stores/:id/zones': { status: 200, schema: ok(ZStoreZones) },
  'GET /api/admin/stores/:id/zones/preview': { status: 200, schema: ok(ZZonePreview) },
  'GET /api/admin/stores/:id/automation': { status: 200, schema: ok(ZStoreAutomation) },
  'PATCH /api/admin/stores/:id/automation': { status: 200, schema: ok(ZStoreAutomation) },
  'GET /api/admin/auto-print': {
    status: 200,
    schema: ok(z.looseObject({ store_ids: z.array(z.string()) })),
  },
};

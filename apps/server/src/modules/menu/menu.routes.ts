import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { loadTenant } from '../tenants/tenants.repository.ts';
import { isUuid } from '../../lib/uuid.ts';
import { cachedCatalogue, cachedTenant } from '../tenants/cached-tenant.ts';
import { defaultStoreOf } from './item-at-store.ts';
import { availabilityKey, itemDetailOf, storeMenuOf, untilOf } from './menu.service.ts';

/** Any id is accepted and looked up; what is not one of the shop's answers 404, never 400. */
const ZIdParams = z.object({ id: z.string().max(100) });

/**
 * The menu (product.md §7: GET /api/menu/{id} for a store, GET /api/menu/item/{id} for a dish).
 * Answers are built once per catalogue change, kept serialised with their ETag, and dropped
 * when the tenant changes (NOTIFY, docs/decisions/0002) or a dish sold out "today" comes back
 * (docs/decisions/0018).
 */
export const menuRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const catalogueOf = (tenantId: string) => cachedCatalogue(app, db, tenantId);

  app.get('/api/menu/:id', { schema: { params: ZIdParams } }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const storeId = request.params.id.toLowerCase();
    if (!isUuid(storeId)) throw notFound('We could not find that store.');
    const at = now();
    // Keyed by when the next "sold out today" ends, so the answer changes at that instant.
    const turn = availabilityKey(await catalogueOf(tenantId), at);
    const name = `menu:${storeId}:${turn}`;
    const cached = await app.tenantCache.get(tenantId, name, async () => {
      const tenant = await loadTenant(db, tenantId);
      const store = tenant?.stores.find((s) => s.id === storeId);
      if (!store) throw notFound('We could not find that store.');
      const menu = store.menuId
        ? storeMenuOf(await catalogueOf(tenantId), store.id, store.menuId, at)
        : null;
      if (!menu) throw notFound(`${store.name} has no menu yet.`);
      return cachedJson({ status: 200, message: 'OK', data: menu });
    });
    return sendCachedJson(request, reply, cached, { name, until: untilOf(turn) });
  });

  // `store_id` (issue 28) gives the dish as that store sells it: its price and switches there;
  // without it, as the main store (or the first that sells it) does.
  const ZItemQuery = z.object({ store_id: z.string().max(100).optional() });
  const itemSchema = { params: ZIdParams, querystring: ZItemQuery };
  app.get('/api/menu/item/:id', { schema: itemSchema }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const itemId = request.params.id.toLowerCase();
    if (!isUuid(itemId)) throw notFound('We could not find that dish.');
    const storeId = request.query.store_id?.toLowerCase() ?? null;
    if (storeId !== null && !isUuid(storeId)) throw notFound('We could not find that store.');
    const at = now();
    const catalogue = await catalogueOf(tenantId);
    const turn = availabilityKey(catalogue, at);
    const name = `item:${itemId}:${storeId ?? 'all'}:${turn}`;
    const cached = await app.tenantCache.get(tenantId, name, async () => {
      const item = catalogue.items.find((i) => i.id === itemId);
      const tenant = storeId ? null : await cachedTenant(app, db, tenantId);
      const store = tenant
        ? defaultStoreOf(catalogue, tenant.stores, tenant.home?.mainStoreId, itemId)
        : storeId;
      const detail = item ? itemDetailOf(catalogue, item, store, at) : null;
      if (!detail) throw notFound('We could not find that dish.');
      return cachedJson({ status: 200, message: 'OK', data: detail });
    });
    return sendCachedJson(request, reply, cached, { name, until: untilOf(turn) });
  });
};

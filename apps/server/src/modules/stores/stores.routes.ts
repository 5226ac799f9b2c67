import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { cachedAggregate } from '../menu/cached-shop.ts';
import { storeLoadedMessage, storeSummaryOf } from './stores.service.ts';

/**
 * The shop's stores (SPEC §7: GET /api/store, GET /api/stores/{id}). Open-now changes with the
 * clock, so answers are built per request from the cached rows; the ETag still saves the body.
 */
export const storesRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const aggregateOf = (tenantId: string) => cachedAggregate(app, db, tenantId);

  app.get('/api/store', async (request, reply) => {
    const agg = await aggregateOf(request.tenant.id);
    const at = now();
    const data = agg.stores.map((store) => storeSummaryOf(agg, store, at));
    return sendCachedJson(request, reply, cachedJson({ status: 200, message: 'OK', data }));
  });

  app.get(
    '/api/stores/:id',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const agg = await aggregateOf(request.tenant.id);
      const store = agg.stores.find((s) => s.id === request.params.id.toLowerCase());
      if (!store) throw notFound('We could not find that store.');
      const data = storeSummaryOf(agg, store, now());
      const body = { status: 200, message: storeLoadedMessage(data), data };
      return sendCachedJson(request, reply, cachedJson(body));
    },
  );
};

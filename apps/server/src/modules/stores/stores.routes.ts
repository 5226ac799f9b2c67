import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { cachedTenant } from '../tenants/cached-tenant.ts';
import { availableTimings } from './timings.ts';
import { deliveryCheckMessage, deliveryCheckOf, firstDeliveryOf } from './delivery-check.ts';
import { storeLoadedMessage, storeSummaryOf } from './stores.service.ts';

/**
 * Per shop and IP (docs/decisions/0007-rate-limits.md): a customer checks a postcode or two;
 * a script walking every district of the country is not served.
 */
export const DELIVERY_CHECK_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/**
 * The shop's stores (product.md §7: GET /api/store, GET /api/stores/{id}). Open-now changes with the
 * clock, so answers are built per request from the cached rows; the ETag still saves the body.
 */
export const storesRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const tenantOf = (tenantId: string) => cachedTenant(app, db, tenantId);

  app.get('/api/store', async (request, reply) => {
    const tenant = await tenantOf(request.tenant.id);
    const at = now();
    const data = tenant.stores.map((store) => storeSummaryOf(tenant, store, at));
    return sendCachedJson(request, reply, cachedJson({ status: 200, message: 'OK', data }));
  });

  app.get(
    '/api/stores/:id',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const tenant = await tenantOf(request.tenant.id);
      const store = tenant.stores.find((s) => s.id === request.params.id.toLowerCase());
      if (!store) throw notFound('We could not find that store.');
      const data = storeSummaryOf(tenant, store, now());
      const body = { status: 200, message: storeLoadedMessage(data), data };
      return sendCachedJson(request, reply, cachedJson(body));
    },
  );

  // Whether and for how much the store delivers to a postcode (issue 20).
  app.get(
    '/api/stores/:id/delivery',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ postcode: z.string().max(20).default('') }),
      },
      config: { rateLimit: DELIVERY_CHECK_RATE_LIMIT },
    },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      const store = tenant.stores.find((s) => s.id === request.params.id.toLowerCase());
      if (!store) throw notFound('We could not find that store.');
      const at = now();
      const data = deliveryCheckOf(store, request.query.postcode, at);
      if (data.delivers) {
        const hours = tenant.hours.filter((h) => h.storeId === store.id);
        const { timeZone, IsShopClosed } = tenant.row.config;
        const timings = availableTimings(
          { ...store, hours },
          'delivery',
          at,
          timeZone,
          IsShopClosed === 1,
        );
        data.first_delivery = firstDeliveryOf(timings);
      }
      return { status: 200, message: deliveryCheckMessage(store.name, data), data };
    },
  );
};

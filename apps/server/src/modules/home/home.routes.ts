import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { closeoutsBetween } from '../reservations/reservations.repository.ts';
import { cachedTenant } from '../tenants/cached-tenant.ts';
import { homeAnswerOf, lastHomeDate, shopDayOf } from './home.service.ts';

/**
 * The home page's answer, kept per shop and per date on the shop's clock: its list of changed
 * hours names today and looks a fortnight ahead, so the kept answer (and the front door's copy,
 * by `until`) ends at the shop's midnight. A change to a store's special days, or a close-out,
 * clears it through NOTIFY like any change to the shop (docs/decisions/0002).
 */
export const homeRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get('/api/home', async (request, reply) => {
    const { id } = request.tenant;
    const tenant = await cachedTenant(app, db, id);
    const { today, until } = shopDayOf(now(), tenant.row.config.timeZone);
    const name = `home:${today}`;
    const cached = await app.tenantCache.get(id, name, async () => {
      const closeouts = tenant.row.booking
        ? await closeoutsBetween(db, id, today, lastHomeDate(today))
        : [];
      return cachedJson({
        status: 200,
        message: 'Home content loaded',
        data: homeAnswerOf(tenant, today, closeouts, until),
      });
    });
    return sendCachedJson(request, reply, cached, { name, until });
  });
};

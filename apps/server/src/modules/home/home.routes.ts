import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { loadTenant } from '../tenants/tenants.repository.ts';
import { homeContentOf } from '../tenants/tenants.service.ts';

export const homeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/home', async (request, reply) => {
    const { id } = request.tenant;
    const cached = await app.tenantCache.get(id, 'home', async () => {
      const tenant = await loadTenant(db, id);
      if (!tenant) throw notFound('This shop no longer exists.');
      return cachedJson({
        status: 200,
        message: 'Home content loaded',
        data: homeContentOf(tenant),
      });
    });
    return sendCachedJson(request, reply, cached, { name: 'home' });
  });
};

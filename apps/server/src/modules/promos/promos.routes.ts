import type { PublicPromo } from '@servery/contract/promo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { listPromos } from './promos.repository.ts';

/** GET /api/promos: the public codes that work now (the /promo page). */
export const promosRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get('/api/promos', async (request) => {
    const rows = await app.tenantCache.get(request.tenant.id, 'promos', () =>
      listPromos(db, request.tenant.id),
    );
    const at = now();
    const data: PublicPromo[] = rows
      .filter(
        (p) => p.isPublic && (!p.startsAt || p.startsAt <= at) && (!p.endsAt || p.endsAt > at),
      )
      .map((p) => ({
        code: p.code,
        description: p.description,
        kind: p.kind,
        value: p.value,
        minimum_order: p.minimumOrder,
        ends_at: p.endsAt?.toISOString() ?? null,
      }));
    return { status: 200, message: 'OK', data };
  });
};

import { ZPromoCheckRequest, type PublicPromo } from '@servery/contract/promo';
import { formatMoney } from '@servery/contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { cachedTenantCatalogue } from '../tenants/cached-tenant.ts';
import { listPromos } from './promos.repository.ts';
import { checkPromo } from './promos.service.ts';

/**
 * Per shop and IP (docs/decisions/0007-rate-limits.md): codes can be guessed, and a customer
 * tries a few codes and re-checks as the basket changes, not dozens. The limit runs after the
 * sign-in check, so only signed-in customers' checks count.
 */
export const PROMO_CHECK_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/**
 * GET /api/promos: the public codes that work now (the /promo page). POST /api/promos/check:
 * whether a code works for the signed-in customer's basket now, before paying.
 */
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

  app.post(
    '/api/promos/check',
    {
      onRequest: app.requireCustomer,
      schema: { body: ZPromoCheckRequest },
      config: { rateLimit: PROMO_CHECK_RATE_LIMIT },
    },
    async (request) => {
      // The same cached shop and catalogue POST /api/order prices from.
      const shop = await cachedTenantCatalogue(app, db, request.tenant.id);
      const data = await checkPromo(db, shop, request.customerId, request.body, now());
      const off = formatMoney(data.discount, shop.tenant.row.config.currency);
      return { status: 200, message: `${data.code} takes ${off} off your order.`, data };
    },
  );
};

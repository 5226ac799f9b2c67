import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadTenantAggregate, type TenantAggregate } from '../tenants/tenants.repository.ts';
import { loadCatalogue, type Catalogue } from './catalogue.repository.ts';

/** A shop as orders are priced from it: its stores and settings, and its catalogue. */
export interface Shop {
  agg: TenantAggregate;
  catalogue: Catalogue;
}

/** The shop's stores, hours and settings, from the tenant cache; 404 when it has gone. */
export async function cachedAggregate(
  app: FastifyInstance,
  db: Executor,
  tenantId: string,
): Promise<TenantAggregate> {
  const agg = await app.tenantCache.get(tenantId, 'aggregate', () =>
    loadTenantAggregate(db, tenantId),
  );
  if (!agg) throw notFound('This shop no longer exists.');
  return agg;
}

/** The shop's catalogue, from the tenant cache. */
export function cachedCatalogue(
  app: FastifyInstance,
  db: Executor,
  tenantId: string,
): Promise<Catalogue> {
  return app.tenantCache.get(tenantId, 'catalogue', () => loadCatalogue(db, tenantId));
}

/** Both, as POST /api/order and the promo check price from them. */
export async function cachedShop(
  app: FastifyInstance,
  db: Executor,
  tenantId: string,
): Promise<Shop> {
  return {
    agg: await cachedAggregate(app, db, tenantId),
    catalogue: await cachedCatalogue(app, db, tenantId),
  };
}

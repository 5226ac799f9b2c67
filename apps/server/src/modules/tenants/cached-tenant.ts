import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadTenant, type Tenant } from './tenants.repository.ts';
import { loadCatalogue, type Catalogue } from '../catalogue/catalogue.repository.ts';

/** A shop as orders are priced from it: its stores and settings, and its catalogue. */
export interface TenantCatalogue {
  tenant: Tenant;
  catalogue: Catalogue;
}

/** The shop's stores, hours and settings, from the tenant cache; 404 when it has gone. */
export async function cachedTenant(
  app: FastifyInstance,
  db: Executor,
  tenantId: string,
): Promise<Tenant> {
  const tenant = await app.tenantCache.get(tenantId, 'aggregate', () => loadTenant(db, tenantId));
  if (!tenant) throw notFound('This shop no longer exists.');
  return tenant;
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
export async function cachedTenantCatalogue(
  app: FastifyInstance,
  db: Executor,
  tenantId: string,
): Promise<TenantCatalogue> {
  return {
    tenant: await cachedTenant(app, db, tenantId),
    catalogue: await cachedCatalogue(app, db, tenantId),
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadTenant } from './tenants.repository.ts';

/** What the back office needs of the request's shop, cached until the shop changes. */
export interface BackOfficeShop {
  tenantId: string;
  name: string;
  timeZone: string;
  currency: string;
  currencySign: string;
  hosts: NonNullable<Awaited<ReturnType<typeof loadTenant>>>['hosts'];
}

export function backOfficeShopLoader(app: FastifyInstance, db: Database) {
  return (request: FastifyRequest): Promise<BackOfficeShop> =>
    app.tenantCache.get(request.tenant.id, 'back-office-shop', async () => {
      const tenant = await loadTenant(db, request.tenant.id);
      if (!tenant) throw notFound('This shop no longer exists.');
      const { config } = tenant.row;
      return {
        tenantId: tenant.row.id,
        name: tenant.row.websiteName,
        timeZone: config.timeZone,
        currency: config.currency.value,
        currencySign: config.currency.sign,
        hosts: tenant.hosts,
      };
    });
}
export type BackOfficeShopOf = ReturnType<typeof backOfficeShopLoader>;

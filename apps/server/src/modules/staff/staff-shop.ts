import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { shopOrigin } from '../tenants/shop-origin.ts';
import { loadTenantAggregate } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from './staff.repository.ts';
import type { StaffShop } from './staff-sign-in.service.ts';

/**
 * What staff sign-in and messages need of the request's shop, cached until the shop changes.
 * Links point at the shop's canonical host (modules/tenants/shop-origin.ts), never at the
 * request's Host header.
 */
export function staffShopLoader(app: FastifyInstance, db: Database, production: boolean) {
  const shopOf = async (request: FastifyRequest): Promise<StaffShop> => {
    const { id } = request.tenant;
    const shop = await app.tenantCache.get(id, 'staff-shop', async () => {
      const agg = await loadTenantAggregate(db, id);
      if (!agg) throw notFound('This shop no longer exists.');
      return {
        tenantId: id,
        name: agg.tenant.websiteName,
        colour: agg.tenant.config.colorPalatte,
        timeZone: agg.tenant.config.timeZone,
        hosts: agg.hosts,
      };
    });
    const { hosts, ...rest } = shop;
    return { ...rest, origin: shopOrigin(hosts, request, { production }) };
  };
  const storeIdsOf = (tenantId: string) => () =>
    app.tenantCache.get(tenantId, 'staff-store-ids', async () =>
      (await storesOfTenant(db, tenantId)).map((s) => s.id),
    );
  return { shopOf, storeIdsOf };
}

import { DEFAULT_AUTO_REJECT_MINUTES } from '@servery/contract/tenant-config';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { shopOrigin } from '../tenants/shop-origin.ts';
import { loadTenant } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from './staff.repository.ts';
import type { StaffShop } from './staff-sign-in.service.ts';

/**
 * What staff sign-in and messages need of the request's shop, cached until the shop changes.
 * Links point at the shop's canonical host (modules/tenants/shop-origin.ts), never at the
 * request's Host header.
 */
export function staffShopLoader(app: FastifyInstance, db: Database, production: boolean) {
  const cached = (id: string) =>
    app.tenantCache.get(id, 'staff-shop', async () => {
      const tenant = await loadTenant(db, id);
      if (!tenant) throw notFound('This shop no longer exists.');
      return {
        tenantId: id,
        name: tenant.row.websiteName,
        colour: tenant.row.config.colorPalatte,
        timeZone: tenant.row.config.timeZone,
        autoRejectMinutes:
          tenant.row.config.ordering?.autoRejectMinutes ?? DEFAULT_AUTO_REJECT_MINUTES,
        hosts: tenant.hosts,
      };
    });
  const shopOf = async (request: FastifyRequest): Promise<StaffShop> => {
    const { hosts, ...rest } = await cached(request.tenant.id);
    return { ...rest, origin: shopOrigin(hosts, request, { production }) };
  };
  const storeIdsOf = (tenantId: string) => () =>
    app.tenantCache.get(tenantId, 'staff-store-ids', async () =>
      (await storesOfTenant(db, tenantId)).map((s) => s.id),
    );
  /** The shop's configured hosts, for links built with canonicalOrigin (a customer's order). */
  const hostsOf = async (request: FastifyRequest) => (await cached(request.tenant.id)).hosts;
  return { shopOf, hostsOf, storeIdsOf };
}

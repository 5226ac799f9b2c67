import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { tenantHosts } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { findTenantById } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from './staff.repository.ts';
import type { StaffShop } from './staff-sign-in.service.ts';

/**
 * What staff sign-in and messages need of the request's shop, cached until the shop changes.
 * Links point at the shop's own first ordering host, never at the request's Host header.
 */
export function staffShopLoader(app: FastifyInstance, db: Database, production: boolean) {
  const shopOf = async (request: FastifyRequest): Promise<StaffShop> => {
    const { id } = request.tenant;
    return app.tenantCache.get(id, 'staff-shop', async () => {
      const row = await findTenantById(db, id);
      if (!row) throw notFound('This shop no longer exists.');
      const hosts = await db
        .select({ host: tenantHosts.host, variant: tenantHosts.variant })
        .from(tenantHosts)
        .where(eq(tenantHosts.tenantId, id))
        .orderBy(asc(tenantHosts.position));
      const host = (hosts.find((h) => h.variant === 'ordering') ?? hosts[0])?.host ?? 'localhost';
      return {
        tenantId: id,
        name: row.websiteName,
        colour: row.config.colorPalatte,
        timeZone: row.config.timeZone,
        origin: `${production ? 'https' : 'http'}://${host}`,
      };
    });
  };
  const storeIdsOf = (tenantId: string) => () =>
    app.tenantCache.get(tenantId, 'staff-store-ids', async () =>
      (await storesOfTenant(db, tenantId)).map((s) => s.id),
    );
  return { shopOf, storeIdsOf };
}

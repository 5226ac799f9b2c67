import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { stores } from '../src/db/schema.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { importTestTenant, makeTenantDocument } from './factories.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * A database of the file's own with one shop (factories.makeTenantDocument) imported, opened
 * before the file's tests and closed after them: for tests of a part on its own (a hub, a
 * worker, a repository) without an app. Read the fields inside tests and hooks, once it is open.
 */
export function oneShopDatabase() {
  const shop = {} as { database: DatabaseHandle; tenantId: string; storeId: string };
  beforeAll(async () => {
    shop.database = await createTestDatabase();
    const doc = await importTestTenant(shop.database.db, makeTenantDocument());
    shop.tenantId = (await findTenantBySlug(shop.database.db, doc.slug))!.id;
    const store = await shop.database.db.query.stores.findFirst({
      where: eq(stores.tenantId, shop.tenantId),
    });
    shop.storeId = store!.id;
  });
  afterAll(async () => {
    await shop.database?.close();
  });
  return shop;
}

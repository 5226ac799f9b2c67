import { join } from 'node:path';
import { demoTenantDir } from '../../lib/package-dir.ts';
import { countTenants } from '../../modules/tenants/tenants.repository.ts';
import { importTenantFile } from '../../modules/tenants/tenant-files.ts';
import type { Database } from '../client.ts';

export const demoTenantFile = () => join(demoTenantDir(), 'tenant.json');

/** Loads the demo shop into a database that has no shop yet; answers whether it did. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  if ((await countTenants(db)) > 0) return false;
  await importTenantFile(db, demoTenantFile());
  return true;
}

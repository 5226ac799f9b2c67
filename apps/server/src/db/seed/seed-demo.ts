import { join } from 'node:path';
import { demoTenantDir } from '../../lib/package-dir.ts';
import { countTenants, findTenantBySlug } from '../../modules/tenants/tenants.repository.ts';
import { importTenantFile } from '../../modules/tenant-document/tenant-files.ts';
import { addStaffFromCli } from '../../modules/staff/staff-cli.ts';
import { listStaff } from '../../modules/staff/staff.repository.ts';
import type { Database } from '../client.ts';

export const demoTenantFile = () => join(demoTenantDir(), 'tenant.json');

/** The demo shop's owner, so a newcomer can open /admin at once (README "The staff side"). */
export const DEMO_OWNER_EMAIL = 'owner@tandoor-lane.test';
const DEMO_SLUG = 'demo';

/** Loads the demo shop into a database that has no shop yet; answers whether it did. */
export async function seedDemoIfEmpty(db: Database): Promise<boolean> {
  if ((await countTenants(db)) > 0) return false;
  await importTenantFile(db, demoTenantFile());
  return true;
}

/**
 * Outside production: the demo shop gets its demo owner when it has no staff at all (also in a
 * data folder seeded before the staff application existed). A shop with staff is left alone.
 */
export async function ensureDemoOwner(db: Database): Promise<boolean> {
  const tenant = await findTenantBySlug(db, DEMO_SLUG);
  if (!tenant || (await listStaff(db, tenant.id)).length > 0) return false;
  await addStaffFromCli(db, {
    slug: DEMO_SLUG,
    email: DEMO_OWNER_EMAIL,
    role: 'owner',
    name: 'Demo Owner',
  });
  return true;
}

import { z } from 'zod';
import { ZEmailAddress } from '@servery/contract/email';
import { STAFF_ROLES, type StaffRole } from '@servery/contract/staff-roles';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import {
  findStaff,
  insertStaff,
  listStaff,
  storesOfTenant,
  updateStaff,
} from './staff.repository.ts';

/** Bad input on the command line: the message is for the terminal, with no stack. */
export class StaffInputError extends Error {}

export interface AddStaffInput {
  slug: string;
  email: string;
  role: string;
  name?: string;
  /** Store slugs or names; none: every store (what an owner has anyway). */
  stores?: string[];
}

/**
 * `npm run tenant -- add-staff`: how a real shop gets its first owner, and the demo shop its
 * demo owner. Adding an address that is already on the staff changes its role and stores.
 * Answers a sentence for the terminal; throws with a plain message on bad input.
 */
export async function addStaffFromCli(db: Database, input: AddStaffInput, at = new Date()) {
  const email = ZEmailAddress.safeParse(input.email);
  if (!email.success) throw new StaffInputError(`"${input.email}" is not an e-mail address.`);
  const role = z.enum(STAFF_ROLES).safeParse(input.role);
  if (!role.success) throw new StaffInputError(`--role must be one of ${STAFF_ROLES.join(', ')}.`);
  const tenant = await findTenantBySlug(db, input.slug);
  if (!tenant)
    throw new StaffInputError(`There is no tenant "${input.slug}". See: npm run tenant -- list`);
  const shopStores = await storesOfTenant(db, tenant.id);
  const storeIds = (input.stores ?? []).map((wanted) => {
    const store = shopStores.find((s) => s.slug === wanted || s.name === wanted);
    if (!store) {
      throw new StaffInputError(
        `There is no store "${wanted}" in ${input.slug}; its stores: ${shopStores.map((s) => s.slug).join(', ')}.`,
      );
    }
    return store.id;
  });
  const chosen = role.data as StaffRole;
  const name = input.name?.trim() || email.data.split('@')[0]!;
  return db.transaction(async (tx) => {
    const existing = (await listStaff(tx, tenant.id)).find((s) => s.email === email.data);
    const row = existing
      ? await updateStaff(
          tx,
          tenant.id,
          existing.id,
          { role: chosen, storeIds, status: 'active', ...(input.name ? { name } : {}) },
          at,
        )
      : await insertStaff(tx, {
          tenantId: tenant.id,
          email: email.data,
          name,
          role: chosen,
          storeIds,
          createdAt: at,
          updatedAt: at,
        });
    await recordAudit(
      tx,
      {
        tenantId: tenant.id,
        actorId: null,
        actorEmail: 'command line',
        actorRole: 'cli',
        requestId: null,
        ip: null,
      },
      {
        action: existing ? 'staff.updated' : 'staff.invited',
        entity: 'staff',
        entityId: row!.id,
        before: existing ? { role: existing.role, status: existing.status } : null,
        after: { email: row!.email, name: row!.name, role: row!.role, store_ids: row!.storeIds },
      },
    );
    const check = await findStaff(tx, tenant.id, row!.id);
    return `${existing ? 'Updated' : 'Added'} ${check!.name} <${check!.email}> as ${chosen} of ${input.slug}.`;
  });
}

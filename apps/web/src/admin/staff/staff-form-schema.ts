import { z } from 'zod';
import { ZCreateStaffRequest, type CreateStaffRequest } from '@servery/contract/staff';
import type { StaffRole } from '@servery/contract/staff-roles';

/** A member of staff as the form holds them (the e-mail address only when inviting). */
export interface StaffFormValues {
  email: string;
  name: string;
  role: StaffRole;
  store_ids: string[];
}
export type StaffFormBody = Required<CreateStaffRequest>;

const { shape } = ZCreateStaffRequest;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The staff form checked by the contract's field schemas (those of POST /api/admin/staff, which
 * PATCH takes too), with the form's own words for an address that is not one, and its one rule
 * of its own: someone who is not an owner works in at least one store.
 */
export function staffFormSchema(withEmail: boolean) {
  return z
    .object({
      email: withEmail
        ? z.string().trim().regex(EMAIL_PATTERN, 'Enter an e-mail address.').pipe(shape.email)
        : z.string(),
      name: shape.name,
      role: shape.role,
      store_ids: shape.store_ids.unwrap(),
    })
    .superRefine((values, ctx) => {
      if (values.role !== 'owner' && values.store_ids.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['store_ids'],
          message: 'Choose at least one store.',
        });
      }
    });
}

import { z } from 'zod';
import { ZEmailAddress } from './email.ts';
import {
  PERMISSIONS,
  STAFF_CODE_LENGTH,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from './staff-roles.ts';

/**
 * The staff application's sign-in, session and staff management (docs/decisions/0014). The
 * roles and what each may do are in staff-roles.ts, which the web app reads without zod.
 */

export const ZStaffRole = z.enum(STAFF_ROLES);

/** Lower-cased by ZEmailAddress: Owner@Shop and owner@shop are one person. */
const ZStaffEmail = ZEmailAddress;

const ZStaffName = z
  .string()
  .trim()
  .min(1, 'Please give a name.')
  .max(80, 'Please keep the name under 80 characters.')
  // Control characters (NUL and friends) have no business in a name shown on every screen.
  .refine(
    // eslint-disable-next-line no-control-regex
    (name) => !/[\u0000-\u001f\u007f]/.test(name),
    'Please use letters, not control characters.',
  );

export const ZStaffCodeRequest = z.object({ email: ZStaffEmail });
export type StaffCodeRequest = z.infer<typeof ZStaffCodeRequest>;

export { STAFF_CODE_LENGTH };
export const ZStaffSignInRequest = z.object({
  email: ZStaffEmail,
  otp: z
    .string()
    .regex(new RegExp(`^\\d{${STAFF_CODE_LENGTH}}$`), `Enter the ${STAFF_CODE_LENGTH}-digit code.`),
});
export type StaffSignInRequest = z.infer<typeof ZStaffSignInRequest>;

/** The same answer whether or not the address belongs to anybody (no account discovery). */
export const STAFF_CODE_SENT_MESSAGE =
  'If this address belongs to a member of staff, a 6-digit code is on its way. It works for 10 minutes.';
export const STAFF_CODE_WRONG_MESSAGE =
  'That code is not right, or it has expired. Check the newest e-mail, or ask for a new code.';

const ZUuid = z.uuid({ message: 'Not a valid id.' });

export const ZStaffStore = z.object({ id: z.string(), name: z.string() });
export type StaffStore = z.infer<typeof ZStaffStore>;

export const ZStaffSession = z.object({
  staff: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: ZStaffRole,
  }),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** The stores this person works in (every store of the shop for an owner). */
  stores: z.array(ZStaffStore),
  /**
   * Whether those stores are every store of the shop: the shop-wide switches (closed to orders,
   * table bookings) and shop-wide promo codes need it, not only a role.
   */
  whole_shop: z.boolean(),
  shop: z.object({
    name: z.string(),
    timeZone: z.string(),
    /** Minutes after which an order nobody answers is rejected (the desk counts down to it). */
    auto_reject_minutes: z.number().optional(),
  }),
  expires_at: z.string(),
});
export type StaffSession = z.infer<typeof ZStaffSession>;

export const ZStaffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  /** Store ids; an owner works in every store and this lists them all. */
  store_ids: z.array(z.string()),
  status: z.enum(['active', 'removed']),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof ZStaffMember>;

const ZStoreIds = z
  .array(ZUuid)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, 'A store is listed twice.');

export const ZCreateStaffRequest = z.object({
  email: ZStaffEmail,
  name: ZStaffName,
  role: ZStaffRole,
  store_ids: ZStoreIds.default([]),
});
export type CreateStaffRequest = z.input<typeof ZCreateStaffRequest>;

export const ZUpdateStaffRequest = z
  .object({ name: ZStaffName, role: ZStaffRole, store_ids: ZStoreIds })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Nothing to change: send name, role or store_ids.',
  );
export type UpdateStaffRequest = z.input<typeof ZUpdateStaffRequest>;

export const ZStaffIdParams = z.object({ id: ZUuid });

const ZDateTime = z.iso.datetime({ offset: true, message: 'Use an ISO date and time.' });

export const ZAuditQuery = z.object({
  from: ZDateTime.optional(),
  to: ZDateTime.optional(),
  /** A staff member's id or e-mail. */
  actor: z.string().trim().min(1).max(254).optional(),
  entity: z.string().trim().min(1).max(40).optional(),
  /** The id of the oldest row already shown: the next page is older than it. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string(), role: z.string() }),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /**
   * What staff know the thing by: an order's number (#1042), a dish's, category's, store's or
   * person's name, a promo's code. A thing since deleted keeps the name its audit row gave it;
   * null when nothing names it (the id is then all there is).
   */
  label: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export type { Permission, StaffRole };

/**
 * Who on the restaurant's side may do what (docs/decisions/0014-staff-sessions-and-roles.md).
 * No zod here: the staff application reads it to show only the controls a person may use; the
 * server enforces it on every /api/admin route.
 */

/** The digits of a staff sign-in code (staff.ts checks it; the sign-in form sizes its box). */
export const STAFF_CODE_LENGTH = 6;

export const STAFF_ROLES = ['owner', 'manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** The live order desk: see, accept, reject and move orders of one's stores. */
  'orders:run',
  /** The bookings diary: see, confirm, seat and add bookings of one's stores. */
  'bookings:run',
  /** Take a booking into a slot that is full. */
  'bookings:override_capacity',
  /** Mark dishes and options sold out and back (issue 15): every role, in its own stores. */
  'menu:availability',
  /** Service controls: pause, busy, opening hours, special days. */
  'service:run',
  /** Dishes: hide, change prices. */
  'menu:edit',
  /** Shop-wide switches: closed, booking settings. */
  'shop:edit',
  /** Invite, change and remove staff. */
  'staff:manage',
  /** Read the audit log. */
  'audit:read',
  /** Export the newsletter subscribers with their consent (issue 17): owners only. */
  'customers:export',
  /** Give money back on an order (issue 29): owners and managers. */
  'orders:refund',
  /** Sales reports and the end-of-day Z report (issue 29): owners and managers. */
  'reports:read',
  /** The customer list and a customer's orders (issue 29): owners and managers. */
  'customers:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Owners manage staff and settings; managers run service, menus and bookings and may override
 * booking capacity; staff run the desk and the diary for their stores.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: [
    'orders:run',
    'bookings:run',
    'bookings:override_capacity',
    'menu:availability',
    'service:run',
    'menu:edit',
    'shop:edit',
    'orders:refund',
    'reports:read',
    'customers:read',
  ],
  staff: ['orders:run', 'bookings:run', 'menu:availability'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
};

/** How long a staff session lasts without being used. */
export const STAFF_SESSION_IDLE_HOURS = 12;

/**
 * A readable cookie ("1") the server sets beside the HttpOnly staff session cookie, for as long,
 * and ends with it (`__Host-` before it in production, as the session's). It signs nobody in:
 * the staff application reads it to know that this browser holds no staff session, and shows
 * the sign-in screen without asking the server (decision 83).
 */
export const STAFF_SIGNED_IN_COOKIE = 'servery_staff_signed_in';

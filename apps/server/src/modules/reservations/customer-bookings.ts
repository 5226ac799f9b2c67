import type { CustomerBooking } from '@servery/contract/reservation';
import { GUEST_CANCELLABLE } from '@servery/contract/reservation-rules';
import { instantAt, slotMinutes } from '@servery/contract/clock';
import { AppError, notFound } from '../../lib/app-error.ts';
import { findById, type CustomerRow } from '../customers/customers.repository.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { bookingView, cancelByGuest } from './guest-booking.ts';
import {
  findCustomerBooking,
  findCustomerBookings,
  type BookingRow,
  verifiedContactsOf,
  type VerifiedContacts,
} from './reservations.repository.ts';
import type { ReservationDeps } from './reservations.service.ts';

/**
 * The signed-in customer's table bookings in their account (walk item 19; decision 85):
 * those made with an e-mail address or phone number they signed in with, whether or not they
 * were signed in when they booked. Cancelling is the e-mailed link's cancellation.
 */

/** Past bookings the account lists: the latest few, as an order list starts with the newest. */
export const PAST_BOOKINGS_SHOWN = 20;

const signInAgain = () => new AppError(401, 'unauthorized', 'Please sign in again.');

function contactsOf(customer: CustomerRow | undefined): VerifiedContacts {
  if (!customer || customer.deletedAt) throw signInAgain();
  return verifiedContactsOf(customer);
}

function startsAt(row: BookingRow, timeZone: string): number {
  return instantAt(row.date, slotMinutes(row.time), timeZone)?.getTime() ?? 0;
}

function toCustomerBooking(row: BookingRow, tenant: Tenant, now: Date): CustomerBooking {
  const upcoming = startsAt(row, tenant.row.config.timeZone) > now.getTime();
  return {
    ...bookingView(row, tenant.row.websiteName),
    id: row.id,
    upcoming,
    cancellable: upcoming && GUEST_CANCELLABLE.includes(row.status),
    note: row.note,
  };
}

/** Upcoming bookings soonest first, then the latest past ones, newest first. */
export async function customerBookings(
  deps: ReservationDeps,
  tenant: Tenant,
  customerId: string,
): Promise<CustomerBooking[]> {
  const contacts = contactsOf(await findById(deps.db, tenant.row.id, customerId));
  const rows = await findCustomerBookings(deps.db, tenant.row.id, contacts);
  const { timeZone } = tenant.row.config;
  const byTime = rows.sort((a, b) => startsAt(a, timeZone) - startsAt(b, timeZone));
  const now = deps.now();
  const views = byTime.map((row) => toCustomerBooking(row, tenant, now));
  const past = views.filter((b) => !b.upcoming).reverse();
  return [...views.filter((b) => b.upcoming), ...past.slice(0, PAST_BOOKINGS_SHOWN)];
}

/** POST /api/customer/bookings/{id}/cancel: anyone else's booking (or none) is a 404. */
export async function cancelCustomerBooking(
  deps: ReservationDeps,
  tenant: Tenant,
  customerId: string,
  bookingId: string,
): Promise<CustomerBooking> {
  const contacts = contactsOf(await findById(deps.db, tenant.row.id, customerId));
  const view = await deps.db.transaction(async (tx) => {
    const row = await findCustomerBooking(tx, tenant.row.id, contacts, bookingId);
    if (!row) throw notFound('We could not find that booking.');
    const now = deps.now();
    if (row.status !== 'cancelled' && startsAt(row, tenant.row.config.timeZone) <= now.getTime()) {
      throw new AppError(
        409,
        'booking_past',
        'This booking’s time has passed, so it can no longer be cancelled online.',
      );
    }
    await cancelByGuest(tx, deps, tenant, row);
    return toCustomerBooking({ ...row, status: 'cancelled' }, tenant, now);
  });
  deps.onMessageQueued();
  return view;
}

import { GUEST_CANCELLABLE, type Booking } from '@servery/contract/reservation';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { bookingNews } from './booking-message.ts';
import {
  findBookingByToken,
  markCancelled,
  releaseCovers,
  type BookingRow,
} from './reservations.repository.ts';
import { bookingStoreOf, type ReservationDeps } from './reservations.service.ts';

/** The guest's own booking, reached through the secret link in their e-mail: seen and cancelled. */

export function bookingView(row: BookingRow, restaurant: string): Booking {
  return {
    date: row.date,
    time: row.time,
    number_of_people: row.people,
    name: row.name,
    status: row.status,
    restaurant,
  };
}

const bookingNotFound = () => notFound('We could not find that booking.');

export async function bookingByToken(db: Database, tenant: Tenant, token: string) {
  const row = await findBookingByToken(db, tenant.row.id, hashToken(token));
  if (!row) throw bookingNotFound();
  return bookingView(row, tenant.row.websiteName);
}

/**
 * Cancels through the e-mailed link (`cancelByGuest` below).
 */
export async function cancelBooking(deps: ReservationDeps, tenant: Tenant, token: string) {
  const view = await deps.db.transaction(async (tx) => {
    const row = await findBookingByToken(tx, tenant.row.id, hashToken(token), true);
    if (!row) throw bookingNotFound();
    await cancelByGuest(tx, deps, tenant, row);
    return bookingView({ ...row, status: 'cancelled' }, tenant.row.websiteName);
  });
  deps.onMessageQueued();
  return view;
}

/**
 * The guest's cancellation, by their link or from their account, of a row locked by the
 * caller's transaction: the seats go back to the slot, once; the diary hears of it and the
 * guest gets an e-mail saying so.
 */
export async function cancelByGuest(
  tx: Executor,
  deps: ReservationDeps,
  tenant: Tenant,
  row: BookingRow,
) {
  if (row.status === 'cancelled') {
    throw new AppError(409, 'already_cancelled', 'This booking is already cancelled.');
  }
  if (!GUEST_CANCELLABLE.includes(row.status)) {
    throw new AppError(
      409,
      'booking_past',
      'This booking can no longer be cancelled online. Please call the restaurant.',
    );
  }
  await markCancelled(tx, row.id, deps.now());
  if (row.covers > 0) {
    await releaseCovers(tx, { tenantId: row.tenantId, date: row.date, time: row.time }, row.covers);
  }
  await recordLiveEvent(tx, {
    tenantId: tenant.row.id,
    storeId: bookingStoreOf(tenant)?.id ?? null,
    kind: 'booking.status',
    entityId: row.id,
  });
  const message = bookingNews({
    news: 'cancelled_by_guest',
    shopName: tenant.row.websiteName,
    tenantId: tenant.row.id,
    booking: row,
  });
  if (message) await enqueueMessage(tx, message);
}

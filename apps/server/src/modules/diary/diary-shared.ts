/** What the diary's services share: who may open it, how a booking reads, the guest's confirmation. */
import {
  BOOKING_TRANSITIONS,
  COUNTED_BOOKING_STATUSES,
  type DiaryBooking,
  type DiaryCloseout,
} from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { bookingConfirmation, type BookingMessageInput } from '../reservations/booking-message.ts';
import type { BookingRow, CloseoutRow } from '../reservations/reservations.repository.ts';
import { bookingStoreOf } from '../reservations/reservations.service.ts';
import { clockSpan, clockTimeOf, hhmm, instantAt, slotMinutes } from '@servery/contract/clock';

import type { Tenant } from '../tenants/tenants.repository.ts';
import { movesNow, noShowFrom, undoMoveUntil, undoNoShowUntil } from './front-of-house-rules.ts';

export interface DiaryDeps {
  db: Database;
  now: () => Date;
  onMessageQueued: () => void;
  tenantOf: (tenantId: string) => Promise<Tenant>;
}

/** Who asks, for which shop, and the origin links in the guest's e-mails are built from. */
export interface DiaryCaller {
  staff: StaffIdentity;
  actor: AuditActor;
  origin: string;
}

export const counted = (status: BookingStatus) =>
  (COUNTED_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
const noDiary = () =>
  notFound('There is no bookings diary in your stores (the shop takes no table bookings there).');

export function serviceName(from: number) {
  if (from < 11 * 60) return 'Breakfast';
  if (from < 16 * 60) return 'Lunch';
  return 'Dinner';
}

/** The shop's clock a booking is shown against: which moves are allowed now depends on it. */
export interface DiaryClock {
  at: Date;
  timeZone: string;
}

export function toDiaryBooking(row: BookingRow, clock: DiaryClock): DiaryBooking {
  const undoUntil = undoNoShowUntil(row, clock.at);
  const undoMove = undoMoveUntil(row, clock.at);
  return {
    id: row.id,
    date: row.date,
    time: row.time,
    people: row.people,
    covers: row.covers,
    name: row.name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    status: row.status,
    source: row.source,
    note: row.note,
    over_capacity: row.overCapacity,
    created_at: row.createdAt.toISOString(),
    next: movesNow(row, BOOKING_TRANSITIONS[row.status], clock.at, clock.timeZone),
    no_show_from: noShowFrom(row, clock.timeZone).toISOString(),
    undo_no_show_until: undoUntil?.toISOString() ?? null,
    undo_until: undoMove?.toISOString() ?? null,
    undo_back_to: undoMove ? row.lastMoveFrom : null,
    // The moment an undo names (decision 78): a no-show's is its updated_at (decision 33).
    moved_at: (undoMove ? row.lastMoveAt : undoUntil ? row.updatedAt : null)?.toISOString() ?? null,
  };
}

export function toDiaryCloseout(row: CloseoutRow, step: number): DiaryCloseout {
  const whole = row.fromMinutes === 0 && row.untilMinutes >= 24 * 60;
  const single = row.untilMinutes - row.fromMinutes === step;
  return {
    id: row.id,
    date: row.date,
    from: hhmm(row.fromMinutes),
    until: hhmm(row.untilMinutes),
    label: whole
      ? 'The whole day'
      : single
        ? clockTimeOf(row.fromMinutes)
        : clockSpan(row.fromMinutes, row.untilMinutes),
    reason: row.reason,
  };
}

export async function diaryOf(deps: DiaryDeps, staff: StaffIdentity) {
  const tenant = await deps.tenantOf(staff.tenantId);
  const store = bookingStoreOf(tenant);
  if (!store || !staff.storeIds.includes(store.id)) throw noDiary();
  const booking = tenant.row.booking;
  if (!booking) throw noDiary();
  return { tenant, store, booking, timeZone: tenant.row.config.timeZone };
}

export function confirmationOf(
  deps: DiaryDeps,
  tenant: Tenant,
  row: BookingRow,
  cancelUrl: string,
  was?: BookingMessageInput['was'],
) {
  const store = bookingStoreOf(tenant);
  return bookingConfirmation({
    tenantId: tenant.row.id,
    bookingId: row.id,
    shopName: tenant.row.websiteName,
    address: store ? `${store.addressLine1}, ${store.city} ${store.postcode}` : '',
    name: row.name,
    email: row.email,
    date: row.date,
    time: row.time,
    people: row.people,
    requested: false,
    message: row.message,
    startsAt: instantAt(row.date, slotMinutes(row.time), tenant.row.config.timeZone)!,
    cancelUrl,
    now: deps.now(),
    // A change's file is a revision of the first: its sequence is the seconds since the booking
    // was made, so each later change has a higher one and a calendar moves the entry it has.
    ...(was ? { was, sequence: changeSequence(row.createdAt, deps.now()) } : {}),
  });
}

/** A changed booking's calendar revision: whole seconds since it was made, at least 1. */
export const changeSequence = (createdAt: Date, at: Date) =>
  Math.max(1, Math.floor((at.getTime() - createdAt.getTime()) / 1000));

/**
 * POST /api/admin/bookings: a phone booking or a walk-in, through the same capacity check in
 * the database as an online booking. A full slot is a 409, unless a manager overbooks it on
 * purpose (`over_capacity`, audited).
 */

export class Conflict extends Error {}

export function slotFull(time: string, covers: number) {
  const message = `${time} has no room for ${covers} more ${covers === 1 ? 'person' : 'people'}.`;
  return new AppError(409, 'slot_full', message, { time: message });
}

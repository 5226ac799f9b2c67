import { randomBytes } from 'node:crypto';
import {
  bookingMovableFrom,
  type BookingStatusChange,
  type DiaryDay,
} from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { bookingNews } from '../reservations/booking-message.ts';
import { clockSpan } from '@servery/contract/clock';
import { bookingWindow, isClosedOut, servicesOf } from '../reservations/booking-slots.ts';
import {
  addBookingLink,
  closeoutsOn,
  coversOn,
  releaseCovers,
  takeCovers,
  type BookingRow,
} from '../reservations/reservations.repository.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { bookingsOn, findBooking, moveBooking, openRequestsFrom } from './diary.repository.ts';
import {
  type DiaryDeps,
  type DiaryCaller,
  diaryOf,
  confirmationOf,
  counted,
  toDiaryBooking,
  toDiaryCloseout,
  serviceName,
  Conflict,
  slotFull,
} from './diary-shared.ts';
import { createStaffBookings } from './staff-bookings.ts';
import { createCloseouts } from './closeouts.service.ts';
import { timingRefusal } from './front-of-house-rules.ts';
import { createNoShowUndo } from './no-show-undo.ts';
import { createMoveUndo } from './move-undo.ts';
import { createBookingChange } from './booking-change.ts';
import { hashToken } from '../../lib/hash-token.ts';

export function createDiaryService(deps: DiaryDeps) {
  const { db, now, onMessageQueued } = deps;

  async function day(staff: StaffIdentity, date: string): Promise<DiaryDay> {
    const { tenant, store, booking, timeZone } = await diaryOf(deps, staff);
    const clock = { at: now(), timeZone };
    const shown = (row: BookingRow) => toDiaryBooking(row, clock);
    const [rows, taken, closeouts, requests] = await Promise.all([
      bookingsOn(db, tenant.row.id, date),
      coversOn(db, tenant.row.id, date),
      closeoutsOn(db, tenant.row.id, date),
      openRequestsFrom(db, tenant.row.id, bookingWindow(now(), timeZone, 0).today),
    ]);
    const placed = new Set<string>();
    const services = servicesOf(booking, date, timeZone).map((service) => {
      const slots = service.slots.map((time) => {
        const inSlot = rows.filter((row) => row.time === time);
        inSlot.forEach((row) => placed.add(row.id));
        return {
          time,
          covers: taken.get(time) ?? 0,
          capacity: booking.coversPerSlot,
          closed: isClosedOut(closeouts, time),
          bookings: inSlot.map(shown),
        };
      });
      const all = slots.flatMap((slot) => slot.bookings);
      return {
        id: service.id,
        // "Dinner 5:30 PM – 10:00 PM": the diary prints its times as every staff screen does.
        label: `${serviceName(service.from)} ${clockSpan(service.from, service.until)}`,
        covers: slots.reduce((sum, slot) => sum + slot.covers, 0),
        bookings: all.filter((b) => counted(b.status)).length,
        slots,
      };
    });
    return {
      date,
      time_zone: timeZone,
      store: { id: store.id, name: store.name },
      capacity_per_slot: booking.coversPerSlot,
      services,
      other: rows.filter((row) => !placed.has(row.id)).map(shown),
      requests: requests.map(shown),
      closeouts: closeouts.map((c) => toDiaryCloseout(c, booking.stepMinutes)),
      totals: {
        covers: [...taken.values()].reduce((sum, covers) => sum + covers, 0),
        bookings: rows.filter((row) => counted(row.status)).length,
        requested: rows.filter((row) => row.status === 'requested').length,
      },
    };
  }

  /**
   * One move of the diary, in one transaction: the conditional update, the covers it takes or
   * gives back, the audit row, the live event and the guest's e-mail. A move the table does not
   * allow, or that someone else made first, is a 409 and changes nothing.
   */
  async function change(caller: DiaryCaller, id: string, body: BookingStatusChange) {
    const { staff, actor } = caller;
    const { tenant, store, booking, timeZone } = await diaryOf(deps, staff);
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    const to = body.status;
    const at = now();
    // Only a move the table allows from here meets the clock's rules; any other is the 409 below.
    const early = bookingMovableFrom(to).includes(current.status)
      ? timingRefusal(current, to, at, timeZone)
      : null;
    if (early) throw early;
    const confirmingRequest = to === 'confirmed' && current.status === 'requested';
    if (confirmingRequest && body.people === undefined) {
      throw badRequest('Give the real size of the party', { people: 'Give the party size' });
    }
    if (to === 'declined' && !body.reason) {
      throw badRequest('Say why, in a few words: the guest reads it', { reason: 'Say why' });
    }
    const slot = { tenantId: staff.tenantId, date: current.date, time: current.time };
    const moved = await db
      .transaction(async (tx) => {
        if (
          confirmingRequest &&
          !(await takeCovers(tx, slot, body.people!, booking.coversPerSlot))
        ) {
          throw slotFull(current.time, body.people!);
        }
        const row = await moveBooking(
          tx,
          { tenantId: staff.tenantId, id, from: bookingMovableFrom(to) },
          {
            status: to,
            at,
            ...(confirmingRequest ? { covers: body.people! } : {}),
            ...(body.reason ? { note: body.reason } : {}),
          },
        );
        if (!row) throw new Conflict();
        // Seats go back to the slot when the party will not sit in them.
        if (counted(current.status) && !counted(to) && current.covers > 0) {
          await releaseCovers(tx, slot, current.covers);
        }
        await recordAudit(tx, actor, {
          action: `booking.${to}`,
          entity: 'booking',
          entityId: id,
          before: { status: current.status, covers: current.covers },
          after: {
            status: row.status,
            covers: row.covers,
            ...(body.reason ? { reason: body.reason } : {}),
          },
        });
        await recordLiveEvent(tx, {
          tenantId: staff.tenantId,
          storeId: store.id,
          kind: 'booking.status',
          entityId: id,
        });
        const message = await guestMessage(tx, tenant, caller.origin, row, to, confirmingRequest);
        if (message) await enqueueMessage(tx, message);
        return row;
      })
      .catch((error: unknown) => {
        if (!(error instanceof Conflict)) throw error;
        const name = to.replace(/_/g, ' ');
        throw new AppError(
          409,
          'booking_moved',
          `This booking is ${current.status.replace(/_/g, ' ')}: it cannot be ${name} now. The diary shows where it is.`,
        );
      });
    onMessageQueued();
    return toDiaryBooking(moved, { at, timeZone });
  }

  /** The guest's e-mail for a move: a confirmed request (with a link and the calendar file), a decline, a cancellation. */
  async function guestMessage(
    tx: Executor,
    tenant: Tenant,
    origin: string,
    row: BookingRow,
    to: BookingStatus,
    confirmingRequest: boolean,
  ) {
    const shopName = tenant.row.websiteName;
    const common = { tenantId: tenant.row.id, shopName, booking: row, reason: row.note };
    if (to === 'declined') return bookingNews({ ...common, news: 'declined' });
    if (to === 'cancelled') return bookingNews({ ...common, news: 'cancelled_by_restaurant' });
    if (!confirmingRequest || !row.email) return null;
    const token = randomBytes(32).toString('base64url');
    await addBookingLink(tx, row.id, hashToken(token));
    return confirmationOf(deps, tenant, row, `${origin}/reservation/cancel/${token}`);
  }

  return {
    day,
    change,
    ...createStaffBookings(deps),
    ...createCloseouts(deps),
    ...createNoShowUndo(deps),
    ...createMoveUndo(deps),
    ...createBookingChange(deps),
  };
}
export type DiaryService = ReturnType<typeof createDiaryService>;

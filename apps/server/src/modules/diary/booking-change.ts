import { randomBytes } from 'node:crypto';
import {
  CHANGEABLE_BOOKING_STATUSES,
  NOTHING_TO_CHANGE,
  type BookingChange,
} from '@servery/contract/diary';
import { isSlotAhead, slotClockTime, slotMinutes } from '@servery/contract/clock';
import { roleCan } from '@servery/contract/staff-roles';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { bookingWindow, servicesOf } from '../reservations/booking-slots.ts';
import {
  addBookingLink,
  forceCovers,
  releaseCovers,
  takeCovers,
} from '../reservations/reservations.repository.ts';
import { changeBookingSlot, findBooking, markOverCapacity } from './diary.repository.ts';
import {
  Conflict,
  confirmationOf,
  type DiaryCaller,
  type DiaryDeps,
  diaryOf,
  slotFull,
  toDiaryBooking,
} from './diary-shared.ts';

type Slot = { tenantId: string; date: string; time: string };
const slotKey = (slot: Slot) => `${slot.date} ${String(slotMinutes(slot.time)).padStart(4, '0')}`;

/**
 * PATCH /api/admin/bookings/{id}: the host changes a booked party's date, time or size instead
 * of cancelling it and booking again, so the guest keeps their details and notes and is not sent
 * a cancellation (decision 68). The rules are a phone booking's: today or later, one of the
 * day's times, the new slot's room checked in the database, a manager's overbooking audited.
 */
export function createBookingChange(deps: DiaryDeps) {
  const { db, now, onMessageQueued } = deps;

  async function changeBooking(caller: DiaryCaller, id: string, body: BookingChange) {
    const { staff, actor } = caller;
    const { tenant, store, booking, timeZone } = await diaryOf(deps, staff);
    if (body.over_capacity && !roleCan(staff.role, 'bookings:override_capacity')) {
      throw new AppError(403, 'forbidden', 'Only a manager may book past a slot’s capacity.');
    }
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    if (!CHANGEABLE_BOOKING_STATUSES.includes(current.status)) throw notChangeable(current.status);
    const date = body.date ?? current.date;
    const time = body.time ?? current.time;
    const covers = body.number_of_people ?? current.covers;
    const at = now();
    if (date < bookingWindow(at, timeZone, 0).today) {
      throw badRequest('Choose today or a later date', { date: 'Choose today or a later date' });
    }
    if (!servicesOf(booking, date, timeZone).some((service) => service.slots.includes(time))) {
      const message = 'Choose one of the day’s booking times';
      throw badRequest(message, { time: message });
    }
    if (date === current.date && time === current.time && covers === current.covers) {
      throw new AppError(422, 'nothing_to_change', NOTHING_TO_CHANGE);
    }
    // A party is moved to a time still ahead, as a guest books (walk 2, item 6); a party whose
    // own time has gone may still change size.
    const moved = date !== current.date || time !== current.time;
    if (moved && !isSlotAhead(date, slotMinutes(time), at, timeZone)) {
      const message = `${slotClockTime(time)} today has already passed: choose a later time or another day`;
      throw new AppError(422, 'time_passed', message, { time: message });
    }
    const was = { tenantId: staff.tenantId, date: current.date, time: current.time };
    const to = { tenantId: staff.tenantId, date, time };
    const token = randomBytes(32).toString('base64url');

    const row = await db
      .transaction(async (tx) => {
        // The booking's row first, as every move of the diary takes it: still booked, and still
        // as read, or someone else changed it (409, and nothing here is kept).
        const changed = await changeBookingSlot(
          tx,
          {
            tenantId: staff.tenantId,
            id,
            from: CHANGEABLE_BOOKING_STATUSES,
            was: { date: current.date, time: current.time, covers: current.covers },
          },
          { date, time, covers, at },
        );
        if (!changed) throw new Conflict();
        const forced = await moveCovers(tx, {
          was,
          to,
          oldCovers: current.covers,
          covers,
          capacity: booking.coversPerSlot,
          overbook: body.over_capacity,
        });
        const saved = forced ? await markOverCapacity(tx, staff.tenantId, id) : changed;
        await recordAudit(tx, actor, {
          action: forced ? 'booking.changed_over_capacity' : 'booking.changed',
          entity: 'booking',
          entityId: id,
          before: { date: current.date, time: current.time, covers: current.covers },
          after: { date, time, covers, over_capacity: forced },
        });
        await recordLiveEvent(tx, {
          tenantId: staff.tenantId,
          storeId: store.id,
          kind: 'booking.changed',
          entityId: id,
        });
        // The guest hears as they heard of the booking: its e-mail, as it now stands, with a
        // cancel link of its own (the first link's token is kept only hashed).
        if (saved.email) {
          await addBookingLink(tx, id, hashToken(token));
          const cancelUrl = `${caller.origin}/reservation/cancel/${token}`;
          const before = { date: current.date, time: current.time, people: current.people };
          await enqueueMessage(tx, confirmationOf(deps, tenant, saved, cancelUrl, before));
        }
        return saved;
      })
      .catch((error: unknown) => {
        if (!(error instanceof Conflict)) throw error;
        throw new AppError(
          409,
          'booking_moved',
          'Someone else changed this booking a moment ago: nothing was changed. The diary shows it as it is now.',
        );
      });
    onMessageQueued();
    return toDiaryBooking(row, { at, timeZone });
  }

  return { changeBooking };
}

function notChangeable(status: string) {
  const message = `This booking is ${status.replace(/_/g, ' ')}: only a booked party’s date, time or size can be changed.`;
  return new AppError(409, 'booking_moved', message);
}

/**
 * The party's seats leave the old slot and take the new one, in one transaction: true when they
 * were forced into a full slot (a manager's overbooking), a 409 when they do not fit otherwise.
 * Two slots are locked in one order (date, then time), so two changes crossing between the same
 * two slots wait for each other instead of deadlocking.
 */
async function moveCovers(
  tx: Executor,
  move: {
    was: Slot;
    to: Slot;
    oldCovers: number;
    covers: number;
    capacity: number;
    overbook: boolean;
  },
): Promise<boolean> {
  let forced = false;
  const release = () => releaseCovers(tx, move.was, move.oldCovers);
  const take = async () => {
    if (await takeCovers(tx, move.to, move.covers, move.capacity)) return;
    if (!move.overbook) throw slotFull(move.to.time, move.covers);
    await forceCovers(tx, move.to, move.covers, move.capacity);
    forced = true;
  };
  // In one slot the party's old seats are given back before its new size is counted.
  const steps = slotKey(move.was) <= slotKey(move.to) ? [release, take] : [take, release];
  for (const step of steps) await step();
  return forced;
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffBookingRequest } from '@servery/contract/diary';
import { roleCan } from '@servery/contract/staff-roles';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { bookingWindow, servicesOf } from '../reservations/booking-slots.ts';
import { forceCovers, insertBooking, takeCovers } from '../reservations/reservations.repository.ts';
import { findBooking } from './diary.repository.ts';
import {
  type DiaryDeps,
  type DiaryCaller,
  diaryOf,
  confirmationOf,
  toDiaryBooking,
  slotFull,
} from './diary-shared.ts';
import { hashToken } from '../../lib/hash-token.ts';

/**
 * POST /api/admin/bookings: a phone booking or a walk-in, through the same capacity check in
 * the database as an online booking.
 */
export function createStaffBookings(deps: DiaryDeps) {
  const { db, now, onMessageQueued } = deps;

  async function create(caller: DiaryCaller, body: StaffBookingRequest) {
    const { staff, actor } = caller;
    const { tenant, store, booking, timeZone } = await diaryOf(deps, staff);
    if (body.over_capacity && !roleCan(staff.role, 'bookings:override_capacity')) {
      throw new AppError(403, 'forbidden', 'Only a manager may book past a slot’s capacity.');
    }
    const at = now();
    const { today } = bookingWindow(at, timeZone, 0);
    if (body.date < today) {
      throw badRequest('Choose today or a later date', { date: 'Choose today or a later date' });
    }
    if (body.source === 'walk_in' && body.date !== today) {
      throw badRequest('A walk-in is for today', { date: 'A walk-in is for today' });
    }
    const times = servicesOf(booking, body.date, timeZone).flatMap((s) => s.slots);
    if (!times.includes(body.time)) {
      throw badRequest('Choose one of the day’s booking times', {
        time: 'Choose one of the day’s booking times',
      });
    }
    const slot = { tenantId: staff.tenantId, date: body.date, time: body.time };
    const covers = body.number_of_people;
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const row = await db.transaction(async (tx) => {
      let overCapacity = false;
      if (!(await takeCovers(tx, slot, covers, booking.coversPerSlot))) {
        if (!body.over_capacity) throw slotFull(body.time, covers);
        await forceCovers(tx, slot, covers, booking.coversPerSlot);
        overCapacity = true;
      }
      const fields = {
        id,
        ...slot,
        people: String(covers),
        covers,
        name: body.name,
        email: body.email ?? '',
        phone: body.phone ?? '',
        message: body.message,
        status: body.source === 'walk_in' ? ('seated' as const) : ('confirmed' as const),
        // A walk-in's seat is its first one-tap move, from nothing: added by mistake, it is
        // taken off the diary by the undo of that seat, its covers back to the slot (decision 67).
        ...(body.source === 'walk_in'
          ? { lastMoveFrom: 'cancelled' as const, lastMoveAt: at }
          : {}),
        source: body.source,
        overCapacity,
        cancelTokenHash: hashToken(token),
        idempotencyKey: null,
        requestHash: hashToken(JSON.stringify([body, id])),
        createdAt: at,
        updatedAt: at,
      };
      await insertBooking(tx, fields);
      await recordAudit(tx, actor, {
        action: overCapacity ? 'booking.created_over_capacity' : 'booking.created',
        entity: 'booking',
        entityId: id,
        after: {
          date: body.date,
          time: body.time,
          covers,
          source: body.source,
          over_capacity: overCapacity,
        },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'booking.created',
        entityId: id,
      });
      const created = (await findBooking(tx, staff.tenantId, id))!;
      if (body.source === 'phone' && created.email) {
        await enqueueMessage(
          tx,
          confirmationOf(deps, tenant, created, `${caller.origin}/reservation/cancel/${token}`),
        );
      }
      return created;
    });
    onMessageQueued();
    return toDiaryBooking(row, { at: now(), timeZone });
  }

  /** POST /api/admin/closeouts: online bookings stop for a time, a service or a day. */
  return { create };
}

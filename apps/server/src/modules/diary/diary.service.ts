import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  BOOKING_TRANSITIONS,
  COUNTED_BOOKING_STATUSES,
  bookingMovableFrom,
  type BookingStatusChange,
  type CloseoutRequest,
  type DiaryBooking,
  type DiaryCloseout,
  type DiaryDay,
  type StaffBookingRequest,
} from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import { roleCan } from '@servery/contract/staff-roles';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { bookingConfirmation, bookingNews } from '../reservations/booking-message.ts';
import {
  bookingWindow,
  isClosedOut,
  servicesOf,
  slotLabel,
  slotMinutes,
} from '../reservations/booking-slots.ts';
import {
  addBookingLink,
  closeoutsOn,
  coversOn,
  forceCovers,
  insertBooking,
  releaseCovers,
  takeCovers,
  type BookingRow,
  type CloseoutRow,
} from '../reservations/reservations.repository.ts';
import { bookingStoreOf } from '../reservations/reservations.service.ts';
import { instantAt } from '../stores/wall-clock.ts';
import type { TenantAggregate } from '../tenants/tenants.repository.ts';
import {
  bookingsOn,
  deleteCloseout,
  findBooking,
  insertCloseout,
  moveBooking,
  openRequestsFrom,
} from './diary.repository.ts';

export interface DiaryDeps {
  db: Database;
  now: () => Date;
  onMessageQueued: () => void;
  aggregateOf: (tenantId: string) => Promise<TenantAggregate>;
}

/** Who asks, for which shop, and the origin links in the guest's e-mails are built from. */
export interface DiaryCaller {
  staff: StaffIdentity;
  actor: AuditActor;
  origin: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const counted = (status: BookingStatus) =>
  (COUNTED_BOOKING_STATUSES as readonly BookingStatus[]).includes(status);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const noDiary = () =>
  notFound('There is no bookings diary in your stores (the shop takes no table bookings there).');

function serviceName(from: number) {
  if (from < 11 * 60) return 'Breakfast';
  if (from < 16 * 60) return 'Lunch';
  return 'Dinner';
}

export function toDiaryBooking(row: BookingRow): DiaryBooking {
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
    next: [...BOOKING_TRANSITIONS[row.status]],
  };
}

function toDiaryCloseout(row: CloseoutRow, step: number): DiaryCloseout {
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
        ? slotLabel(row.fromMinutes)
        : `${hhmm(row.fromMinutes)}–${hhmm(row.untilMinutes)}`,
    reason: row.reason,
  };
}

export function createDiaryService(deps: DiaryDeps) {
  const { db, now, onMessageQueued } = deps;

  /** The shop's booking settings and the diary's store, if this person works in it. */
  async function diaryOf(staff: StaffIdentity) {
    const agg = await deps.aggregateOf(staff.tenantId);
    const store = bookingStoreOf(agg);
    if (!store || !staff.storeIds.includes(store.id)) throw noDiary();
    const booking = agg.tenant.booking;
    if (!booking) throw noDiary();
    return { agg, store, booking, timeZone: agg.tenant.config.timeZone };
  }

  async function day(staff: StaffIdentity, date: string): Promise<DiaryDay> {
    const { agg, store, booking, timeZone } = await diaryOf(staff);
    const [rows, taken, closeouts, requests] = await Promise.all([
      bookingsOn(db, agg.tenant.id, date),
      coversOn(db, agg.tenant.id, date),
      closeoutsOn(db, agg.tenant.id, date),
      openRequestsFrom(db, agg.tenant.id, bookingWindow(now(), timeZone, 0).today),
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
          bookings: inSlot.map(toDiaryBooking),
        };
      });
      const all = slots.flatMap((slot) => slot.bookings);
      return {
        id: service.id,
        label: `${serviceName(service.from)} ${hhmm(service.from)}–${hhmm(service.until)}`,
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
      other: rows.filter((row) => !placed.has(row.id)).map(toDiaryBooking),
      requests: requests.map(toDiaryBooking),
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
    const { agg, store, booking } = await diaryOf(staff);
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    const to = body.status;
    const confirmingRequest = to === 'confirmed' && current.status === 'requested';
    if (confirmingRequest && body.people === undefined) {
      throw badRequest('Give the real size of the party', { people: 'Give the party size' });
    }
    if (to === 'declined' && !body.reason) {
      throw badRequest('Say why, in a few words: the guest reads it', { reason: 'Say why' });
    }
    const at = now();
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
        const message = await guestMessage(tx, agg, caller.origin, row, to, confirmingRequest);
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
    return toDiaryBooking(moved);
  }

  /** The guest's e-mail for a move: a confirmed request (with a link and the calendar file), a decline, a cancellation. */
  async function guestMessage(
    tx: Executor,
    agg: TenantAggregate,
    origin: string,
    row: BookingRow,
    to: BookingStatus,
    confirmingRequest: boolean,
  ) {
    const shopName = agg.tenant.websiteName;
    const common = { tenantId: agg.tenant.id, shopName, booking: row, reason: row.note };
    if (to === 'declined') return bookingNews({ ...common, news: 'declined' });
    if (to === 'cancelled') return bookingNews({ ...common, news: 'cancelled_by_restaurant' });
    if (!confirmingRequest || !row.email) return null;
    const token = randomBytes(32).toString('base64url');
    await addBookingLink(tx, row.id, hashToken(token));
    return confirmationOf(agg, row, `${origin}/reservation/cancel/${token}`);
  }

  function confirmationOf(agg: TenantAggregate, row: BookingRow, cancelUrl: string) {
    const store = bookingStoreOf(agg);
    return bookingConfirmation({
      tenantId: agg.tenant.id,
      bookingId: row.id,
      shopName: agg.tenant.websiteName,
      address: store ? `${store.addressLine1}, ${store.city} ${store.postcode}` : '',
      name: row.name,
      email: row.email,
      date: row.date,
      time: row.time,
      people: row.people,
      requested: false,
      message: row.message,
      startsAt: instantAt(row.date, slotMinutes(row.time), agg.tenant.config.timeZone)!,
      cancelUrl,
      now: now(),
    });
  }

  /**
   * POST /api/admin/bookings: a phone booking or a walk-in, through the same capacity check in
   * the database as an online booking. A full slot is a 409, unless a manager overbooks it on
   * purpose (`over_capacity`, audited).
   */
  async function create(caller: DiaryCaller, body: StaffBookingRequest) {
    const { staff, actor } = caller;
    const { agg, store, booking, timeZone } = await diaryOf(staff);
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
          confirmationOf(agg, created, `${caller.origin}/reservation/cancel/${token}`),
        );
      }
      return created;
    });
    onMessageQueued();
    return toDiaryBooking(row);
  }

  /** POST /api/admin/closeouts: online bookings stop for a time, a service or a day. */
  async function addCloseout(caller: DiaryCaller, body: CloseoutRequest) {
    const { staff, actor } = caller;
    const { store, booking, timeZone } = await diaryOf(staff);
    let from = 0;
    let until = 24 * 60;
    if (body.time) {
      from = slotMinutes(body.time);
      until = from + booking.stepMinutes;
    } else if (body.service) {
      const service = servicesOf(booking, body.date, timeZone).find((s) => s.id === body.service);
      if (!service) {
        throw badRequest('That service does not run on this date', {
          service: 'That service does not run on this date',
        });
      }
      from = service.from;
      until = service.until;
    }
    const row = await db.transaction(async (tx) => {
      const inserted = await insertCloseout(tx, {
        tenantId: staff.tenantId,
        date: body.date,
        fromMinutes: from,
        untilMinutes: until,
        reason: body.reason,
        createdBy: staff.email,
      });
      await recordAudit(tx, actor, {
        action: 'closeout.created',
        entity: 'closeout',
        entityId: inserted.id,
        after: { date: body.date, from: hhmm(from), until: hhmm(until), reason: body.reason },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'closeout.changed',
        entityId: inserted.id,
      });
      return inserted;
    });
    return toDiaryCloseout(row, booking.stepMinutes);
  }

  async function removeCloseout(caller: DiaryCaller, id: string) {
    const { staff, actor } = caller;
    const { store, booking } = await diaryOf(staff);
    const row = await db.transaction(async (tx) => {
      const deleted = await deleteCloseout(tx, staff.tenantId, id);
      if (!deleted) throw notFound('There is no such close-out.');
      await recordAudit(tx, actor, {
        action: 'closeout.removed',
        entity: 'closeout',
        entityId: id,
        before: {
          date: deleted.date,
          from: hhmm(deleted.fromMinutes),
          until: hhmm(deleted.untilMinutes),
          reason: deleted.reason,
        },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'closeout.changed',
        entityId: id,
      });
      return deleted;
    });
    return toDiaryCloseout(row, booking.stepMinutes);
  }

  return { day, change, create, addCloseout, removeCloseout };
}
export type DiaryService = ReturnType<typeof createDiaryService>;

class Conflict extends Error {}

function slotFull(time: string, covers: number) {
  const message = `${time} has no room for ${covers} more ${covers === 1 ? 'person' : 'people'}.`;
  return new AppError(409, 'slot_full', message, { time: message });
}

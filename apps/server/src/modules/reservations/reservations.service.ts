import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  GUEST_CANCELLABLE,
  type Booking,
  type BookingRequest,
  type ReservationTimings,
} from '@servery/contract/reservation';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { instantAt } from '../stores/wall-clock.ts';
import type { TenantAggregate } from '../tenants/tenants.repository.ts';
import { bookingConfirmation, bookingNews, ukDate } from './booking-message.ts';
import { bookingWindow, isClosedOut, slotMinutes, slotsOf } from './booking-slots.ts';
import {
  closeoutsOn,
  coversOn,
  findBookingByKey,
  findBookingByToken,
  insertBooking,
  markCancelled,
  releaseCovers,
  takeCovers,
  type BookingRow,
} from './reservations.repository.ts';
import { messagingOf } from '@servery/contract/tenant-document';
import { checkBudget } from '../outbox/message-budget.ts';

export interface ReservationDeps {
  db: Database;
  now: () => Date;
  onMessageQueued: () => void;
  /** Production links are https on the shop's canonical host (modules/tenants/shop-origin.ts). */
  production?: boolean;
}

const notTaking = () =>
  new AppError(
    422,
    'bookings_off',
    'This restaurant is not taking table bookings online at the moment.',
  );
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** GET /api/reservation/timings: a date's free slots (today's still ahead), and the settings. */
export async function reservationTimings(
  deps: ReservationDeps,
  agg: TenantAggregate,
  date: string | undefined,
): Promise<ReservationTimings> {
  const booking = agg.tenant.booking;
  const { timeZone } = agg.tenant.config;
  const now = deps.now();
  const window = bookingWindow(now, timeZone, booking?.daysAllowed ?? 0);
  const day = date ?? window.today;
  const base = {
    date: day,
    booking_days_allowed: booking?.daysAllowed ?? 0,
    allow_booking_whatsapp_share: booking?.whatsappShare ? ('true' as const) : ('false' as const),
    booking_whatsapp_number: booking?.whatsappNumber ?? '',
  };
  if (!booking || agg.tenant.config.allowBooking !== 1 || day < window.today || day > window.last) {
    return { ...base, slots: [] };
  }
  const [taken, closed] = await Promise.all([
    coversOn(deps.db, agg.tenant.id, day),
    closeoutsOn(deps.db, agg.tenant.id, day),
  ]);
  const slots = slotsOf(booking, day, now, timeZone).filter(
    (time) => (taken.get(time) ?? 0) < booking.coversPerSlot && !isClosedOut(closed, time),
  );
  return { ...base, slots };
}

/**
 * The store whose diary takes the shop's table bookings: the home page's main store (its
 * address is in the confirmation). Staff see the bookings of the stores they work in.
 */
export function bookingStoreOf(agg: TenantAggregate) {
  return agg.stores.find((s) => s.id === agg.home?.mainStoreId) ?? agg.stores[0];
}

function requestHash(body: BookingRequest): string {
  const fields = [
    body.name,
    body.email,
    body.phone,
    body.date,
    body.time,
    body.number_of_people,
    body.message,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

function bookedMessage(
  row: Pick<BookingRow, 'name' | 'people' | 'date' | 'time' | 'status'>,
): string {
  const when = `${ukDate(row.date)} at ${row.time}`;
  return row.status === 'requested'
    ? `Thank you, ${row.name}! We have your request for a table for ${row.people} on ${when} and will confirm it by e-mail.`
    : `Thank you, ${row.name}! Your table for ${row.people} on ${when} is booked. We have e-mailed you the details.`;
}

/**
 * POST /api/booking. The window and the slot are checked on the server's clock; the covers are
 * taken with one conditional upsert in the same transaction as the booking and its e-mail.
 */
export async function book(
  deps: ReservationDeps,
  agg: TenantAggregate,
  body: BookingRequest,
  origin: string,
  idempotencyKey: string | undefined,
): Promise<string> {
  const booking = agg.tenant.booking;
  const config = agg.tenant.config;
  if (!booking || config.allowBooking !== 1) throw notTaking();
  const now = deps.now();
  const { today, last } = bookingWindow(now, config.timeZone, booking.daysAllowed);
  if (body.date < today) {
    throw badRequest('Choose today or a later date', { date: 'Choose today or a later date' });
  }
  if (body.date > last) {
    const message = `Bookings open ${booking.daysAllowed} days ahead: choose a date until ${ukDate(last)}`;
    throw badRequest(message, { date: message });
  }
  const closed = await closeoutsOn(deps.db, agg.tenant.id, body.date);
  const slots = slotsOf(booking, body.date, now, config.timeZone).filter(
    (time) => !isClosedOut(closed, time),
  );
  if (!slots.includes(body.time)) {
    const message = 'Choose one of the available times';
    throw badRequest(message, { time: message });
  }

  const hash = requestHash(body);
  if (idempotencyKey) {
    const earlier = await findBookingByKey(deps.db, agg.tenant.id, idempotencyKey);
    if (earlier) return sameOrConflict(earlier, hash);
  }
  const requested = body.number_of_people === '10+';
  const covers = requested ? 0 : Number(body.number_of_people);
  const slot = { tenantId: agg.tenant.id, date: body.date, time: body.time };
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const store = bookingStoreOf(agg);
  const address = store ? `${store.addressLine1}, ${store.city} ${store.postcode}` : '';

  const outcome = await deps.db
    .transaction(async (tx) => {
      // Any visitor can make the form e-mail any address: the shop's hourly budget bounds it.
      const overBudget = await checkBudget(tx, {
        tenantId: agg.tenant.id,
        kinds: ['booking_confirmation'],
        channel: 'email',
        perHour: messagingOf(config.messaging).budgets.bookingEmailsPerHour,
        label: 'booking e-mails',
        shopName: agg.tenant.websiteName,
        alertTo: config.supportEmail,
      });
      if (overBudget) return { overBudget };
      if (covers > 0 && !(await takeCovers(tx, slot, covers, booking.coversPerSlot))) {
        return { full: true as const };
      }
      const inserted = await insertBooking(tx, {
        id,
        ...slot,
        people: body.number_of_people,
        covers,
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: body.message,
        status: requested ? 'requested' : 'confirmed',
        cancelTokenHash: hashToken(token),
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        createdAt: now,
      });
      // Another request with the same key won the race: undo this one's covers.
      if (!inserted) throw new DuplicateKey();
      await recordLiveEvent(tx, {
        tenantId: agg.tenant.id,
        storeId: store?.id ?? null,
        kind: 'booking.created',
        entityId: id,
      });
      await enqueueMessage(
        tx,
        bookingConfirmation({
          tenantId: agg.tenant.id,
          bookingId: id,
          shopName: agg.tenant.websiteName,
          address,
          name: body.name,
          email: body.email,
          date: body.date,
          time: body.time,
          people: body.number_of_people,
          requested,
          message: body.message,
          startsAt: instantAt(body.date, slotMinutes(body.time), config.timeZone)!,
          cancelUrl: `${origin}/reservation/cancel/${token}`,
          now,
        }),
      );
      return { full: false as const };
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof DuplicateKey)) throw error;
      return { earlier: (await findBookingByKey(deps.db, agg.tenant.id, idempotencyKey!))! };
    });
  if ('earlier' in outcome) return sameOrConflict(outcome.earlier, hash);
  if ('overBudget' in outcome) {
    deps.onMessageQueued();
    throw outcome.overBudget;
  }
  if (outcome.full) throw await slotFull(deps, agg, body, slots, covers);
  deps.onMessageQueued();
  return bookedMessage({
    ...body,
    people: body.number_of_people,
    status: requested ? 'requested' : 'confirmed',
  });
}

class DuplicateKey extends Error {}

function sameOrConflict(earlier: BookingRow, hash: string): string {
  if (earlier.requestHash !== hash) {
    throw new AppError(
      409,
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different booking.',
    );
  }
  return bookedMessage(earlier);
}

/** 409 that offers the nearest times that still have room for the party. */
async function slotFull(
  deps: ReservationDeps,
  agg: TenantAggregate,
  body: BookingRequest,
  slots: string[],
  covers: number,
): Promise<AppError> {
  const capacity = agg.tenant.booking!.coversPerSlot;
  const taken = await coversOn(deps.db, agg.tenant.id, body.date);
  const wanted = slotMinutes(body.time);
  const free = slots
    .filter((time) => time !== body.time && (taken.get(time) ?? 0) + covers <= capacity)
    .sort((a, b) => Math.abs(slotMinutes(a) - wanted) - Math.abs(slotMinutes(b) - wanted))
    .slice(0, 2)
    .sort((a, b) => slotMinutes(a) - slotMinutes(b));
  const alternatives =
    free.length === 0
      ? 'There are no free times left that day.'
      : free.length === 1
        ? `The nearest free time is ${free[0]}.`
        : `The nearest free times are ${free[0]} and ${free[1]}.`;
  const message = `Sorry, ${body.time} is fully booked for ${covers} ${covers === 1 ? 'person' : 'people'}. ${alternatives}`;
  return new AppError(409, 'slot_full', message, { time: message });
}

function bookingView(row: BookingRow, restaurant: string): Booking {
  return {
    date: row.date,
    time: row.time,
    number_of_people: row.people as Booking['number_of_people'],
    name: row.name,
    status: row.status,
    restaurant,
  };
}

const bookingNotFound = () => notFound('We could not find that booking.');

export async function bookingByToken(db: Database, agg: TenantAggregate, token: string) {
  const row = await findBookingByToken(db, agg.tenant.id, hashToken(token));
  if (!row) throw bookingNotFound();
  return bookingView(row, agg.tenant.websiteName);
}

/**
 * Cancels through the e-mailed link: the seats go back to the slot, once; the diary hears of
 * it and the guest gets an e-mail saying so.
 */
export async function cancelBooking(deps: ReservationDeps, agg: TenantAggregate, token: string) {
  const view = await deps.db.transaction(async (tx) => {
    const row = await findBookingByToken(tx, agg.tenant.id, hashToken(token), true);
    if (!row) throw bookingNotFound();
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
      await releaseCovers(
        tx,
        { tenantId: row.tenantId, date: row.date, time: row.time },
        row.covers,
      );
    }
    await recordLiveEvent(tx, {
      tenantId: agg.tenant.id,
      storeId: bookingStoreOf(agg)?.id ?? null,
      kind: 'booking.status',
      entityId: row.id,
    });
    const message = bookingNews({
      news: 'cancelled_by_guest',
      shopName: agg.tenant.websiteName,
      tenantId: agg.tenant.id,
      booking: row,
    });
    if (message) await enqueueMessage(tx, message);
    return bookingView({ ...row, status: 'cancelled' }, agg.tenant.websiteName);
  });
  deps.onMessageQueued();
  return view;
}

import { toE164 } from '../../lib/phone-numbers.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  BOOKING_PHONE_MESSAGE,
  type BookingRequest,
  type ReservationTimings,
} from '@servery/contract/reservation';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { instantAt, slotMinutes } from '@servery/contract/clock';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { bookingConfirmation, ukDate } from './booking-message.ts';
import { bookingWindow, isClosedOut, slotsOf } from './booking-slots.ts';
import { DuplicateKey, bookedMessage, bookingHash, sameOrConflict } from './booking-replay.ts';
import {
  closeoutsOn,
  coversOn,
  findBookingByKey,
  insertBooking,
  takeCovers,
} from './reservations.repository.ts';
import { messagingOf } from '@servery/contract/tenant-document';
import { checkBudget } from '../outbox/message-budget.ts';
import { hashToken } from '../../lib/hash-token.ts';

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

/**
 * Why no table can be booked while the shop or its diary's store is closed (walk item 3): the
 * shop's closed switch with its own message, or the main store closed until further notice.
 * Both are "for now, no date known", so every date is refused; null while open.
 */
export function bookingsClosedMessage(tenant: Tenant): string | null {
  const { IsShopClosed, ShopClosedMessage } = tenant.row.config;
  if (IsShopClosed === 1) {
    return ShopClosedMessage.trim() || 'The restaurant is closed at the moment.';
  }
  const store = bookingStoreOf(tenant);
  if (store?.isClosed)
    return `${store.name} is closed at the moment and is not taking table bookings.`;
  return null;
}

const shopClosed = (message: string) => new AppError(422, 'shop_closed', message);

/** GET /api/reservation/timings: a date's free slots (today's still ahead), and the settings. */
export async function reservationTimings(
  deps: ReservationDeps,
  tenant: Tenant,
  date: string | undefined,
): Promise<ReservationTimings> {
  const booking = tenant.row.booking;
  const { timeZone } = tenant.row.config;
  const now = deps.now();
  const window = bookingWindow(now, timeZone, booking?.daysAllowed ?? 0);
  const day = date ?? window.today;
  const base = {
    date: day,
    booking_days_allowed: booking?.daysAllowed ?? 0,
    allow_booking_whatsapp_share: booking?.whatsappShare ? ('true' as const) : ('false' as const),
    booking_whatsapp_number: booking?.whatsappNumber ?? '',
    closed_message:
      booking && tenant.row.config.allowBooking === 1 ? bookingsClosedMessage(tenant) : null,
  };
  if (
    !booking ||
    tenant.row.config.allowBooking !== 1 ||
    base.closed_message ||
    day < window.today ||
    day > window.last
  ) {
    return { ...base, slots: [] };
  }
  const [taken, closed] = await Promise.all([
    coversOn(deps.db, tenant.row.id, day),
    closeoutsOn(deps.db, tenant.row.id, day),
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
export function bookingStoreOf(tenant: Tenant) {
  return tenant.stores.find((s) => s.id === tenant.home?.mainStoreId) ?? tenant.stores[0];
}

/**
 * POST /api/booking. The window and the slot are checked on the server's clock; the covers are
 * taken with one conditional upsert in the same transaction as the booking and its e-mail.
 */
export async function book(
  deps: ReservationDeps,
  tenant: Tenant,
  body: BookingRequest,
  origin: string,
  idempotencyKey: string | undefined,
): Promise<string> {
  const booking = tenant.row.booking;
  const config = tenant.row.config;
  if (!booking || config.allowBooking !== 1) throw notTaking();
  const closed = bookingsClosedMessage(tenant);
  if (closed) throw shopClosed(closed);
  const now = deps.now();
  // The schema kept a UK number's 11 digits; libphonenumber says whether it can be one, as it
  // does for sign-in (lib/phone-numbers.ts; issue 30).
  if (!toE164(body.phone, 'GB')) {
    throw badRequest(BOOKING_PHONE_MESSAGE, { phone: BOOKING_PHONE_MESSAGE });
  }
  const { today, last } = bookingWindow(now, config.timeZone, booking.daysAllowed);
  if (body.date < today) {
    throw badRequest('Choose today or a later date', { date: 'Choose today or a later date' });
  }
  if (body.date > last) {
    const message = `Bookings open ${booking.daysAllowed} days ahead: choose a date until ${ukDate(last)}`;
    throw badRequest(message, { date: message });
  }
  const closeouts = await closeoutsOn(deps.db, tenant.row.id, body.date);
  const slots = slotsOf(booking, body.date, now, config.timeZone).filter(
    (time) => !isClosedOut(closeouts, time),
  );
  if (!slots.includes(body.time)) {
    const message = 'Choose one of the available times';
    throw badRequest(message, { time: message });
  }

  const hash = bookingHash(body);
  if (idempotencyKey) {
    const earlier = await findBookingByKey(deps.db, tenant.row.id, idempotencyKey);
    if (earlier) return sameOrConflict(earlier, hash);
  }
  const requested = body.number_of_people === '10+';
  const covers = requested ? 0 : Number(body.number_of_people);
  const slot = { tenantId: tenant.row.id, date: body.date, time: body.time };
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const store = bookingStoreOf(tenant);
  const address = store ? `${store.addressLine1}, ${store.city} ${store.postcode}` : '';

  const outcome = await deps.db
    .transaction(async (tx) => {
      // Any visitor can make the form e-mail any address: the shop's hourly budget bounds it.
      const overBudget = await checkBudget(tx, {
        tenantId: tenant.row.id,
        kinds: ['booking_confirmation'],
        channel: 'email',
        perHour: messagingOf(config.messaging).budgets.bookingEmailsPerHour,
        label: 'booking e-mails',
        shopName: tenant.row.websiteName,
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
        tenantId: tenant.row.id,
        storeId: store?.id ?? null,
        kind: 'booking.created',
        entityId: id,
      });
      await enqueueMessage(
        tx,
        bookingConfirmation({
          tenantId: tenant.row.id,
          bookingId: id,
          shopName: tenant.row.websiteName,
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
      return { earlier: (await findBookingByKey(deps.db, tenant.row.id, idempotencyKey!))! };
    });
  if ('earlier' in outcome) return sameOrConflict(outcome.earlier, hash);
  if ('overBudget' in outcome) {
    deps.onMessageQueued();
    throw outcome.overBudget;
  }
  if (outcome.full) throw await slotFull(deps, tenant, body, slots, covers);
  deps.onMessageQueued();
  return bookedMessage({
    ...body,
    people: body.number_of_people,
    status: requested ? 'requested' : 'confirmed',
  });
}

/** 409 that offers the nearest times that still have room for the party. */
async function slotFull(
  deps: ReservationDeps,
  tenant: Tenant,
  body: BookingRequest,
  slots: string[],
  covers: number,
): Promise<AppError> {
  const capacity = tenant.row.booking!.coversPerSlot;
  const taken = await coversOn(deps.db, tenant.row.id, body.date);
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

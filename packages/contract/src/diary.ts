import { z } from 'zod';
import { ZMoveMoment } from './desk.ts';
import {
  BOOKING_STATUSES,
  DATE_PATTERN,
  PEOPLE_OPTIONS,
  SLOT_TIME_PATTERN,
  UNDOABLE_BOOKING_MOVES,
  type BookingStatus,
} from './reservation.ts';

/**
 * The bookings diary of the staff application (issue 16): how a booking moves, what the front
 * of house may send, and the day view it reads. The server enforces the table in SQL (a
 * conditional update on the current status), as the order desk does.
 */

export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  requested: ['confirmed', 'declined'],
  // A party shown straight to its table skips "arrived".
  confirmed: ['arrived', 'seated', 'no_show', 'cancelled'],
  arrived: ['seated', 'cancelled'],
  seated: ['completed'],
  completed: [],
  no_show: [],
  cancelled: [],
  declined: [],
};

// In reservation-rules.ts, without zod: the diary's first screen reads them.
export {
  CHANGEABLE_BOOKING_STATUSES,
  MOVE_UNDO_MINUTES,
  NO_SHOW_AFTER_MINUTES,
  NO_SHOW_UNDO_MINUTES,
  UNDOABLE_BOOKING_MOVES,
  type UndoableBookingMove,
} from './reservation-rules.ts';
/** Moves that only make sense on the booking's own day (in the shop's time). */
export const SAME_DAY_BOOKING_MOVES: readonly BookingStatus[] = ['arrived', 'seated'];

/** The statuses a booking must be in for a move to `to`. */
export const bookingMovableFrom = (to: BookingStatus): BookingStatus[] =>
  BOOKING_STATUSES.filter((from) => BOOKING_TRANSITIONS[from].includes(to));

/** Bookings whose covers count against a slot's capacity. */
export const COUNTED_BOOKING_STATUSES = [
  'confirmed',
  'arrived',
  'seated',
  'completed',
] as const satisfies readonly BookingStatus[];

export const BOOKING_SOURCES = ['online', 'phone', 'walk_in'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** The largest party one booking may seat (a confirmed "10+" request, or a phone booking). */
export const MAX_PARTY = 100;

const ZParty = z
  .number({ error: 'Give the number of people' })
  .int('Give a whole number of people')
  .min(1, 'At least 1 person')
  .max(MAX_PARTY, `At most ${MAX_PARTY} people`);

/**
 * POST /api/admin/bookings/{id}/status. Confirming a request needs the real party size (which
 * then counts against the slot); declining needs a reason the guest reads.
 */
export const ZBookingStatusChange = z
  .object({
    status: z.enum(BOOKING_STATUSES, { error: 'Choose a status' }),
    people: ZParty.optional(),
    reason: z.string().trim().max(200, 'Keep the reason under 200 characters').optional(),
  })
  .strict();
export type BookingStatusChange = z.infer<typeof ZBookingStatusChange>;

/**
 * POST /api/admin/bookings/{id}/undo: the move the screen offered to undo, by the status it
 * made. Named, so an undo never takes back a later move a colleague made meanwhile (a 409).
 * `at` (optional) names it by its moment too, the booking's `moved_at`: the same move made again
 * since is then not taken back. The same person's undo of a move already undone by them (its
 * answer lost) answers the booking as it is, changing nothing (decision 78).
 * A no-show is undone as by POST /api/admin/bookings/{id}/undo-no-show.
 */
export const ZBookingUndo = z
  .object({
    status: z.enum([...UNDOABLE_BOOKING_MOVES, 'no_show'], {
      error: 'Name the move to undo: arrived, seated, completed or no_show',
    }),
    at: ZMoveMoment.optional(),
  })
  .strict();
export type BookingUndo = z.infer<typeof ZBookingUndo>;

const ZDate = z.string().regex(DATE_PATTERN, 'Use a date such as 2026-11-24');
const ZSlotTime = z.string().regex(SLOT_TIME_PATTERN, 'Use a time such as 07:30 PM');

/** POST /api/admin/bookings: a booking taken by phone, or a walk-in (seated at once). */
export const ZStaffBookingRequest = z
  .object({
    date: ZDate,
    time: ZSlotTime,
    number_of_people: z
      .union([ZParty, z.enum(PEOPLE_OPTIONS).exclude(['10+'])])
      .transform((value) => Number(value))
      .pipe(ZParty),
    name: z.string().trim().min(1, 'Name is required').max(100, 'Keep the name under 100'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d ()-]{6,20}$/, 'Enter a phone number')
      .optional(),
    email: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email')
      .optional(),
    message: z.string().trim().max(200, 'Message should be less than 200 characters').default(''),
    source: z.enum(['phone', 'walk_in'], { error: 'Choose phone or walk-in' }),
    /** Take the party even though the slot is full (needs the permission to overbook). */
    over_capacity: z.boolean().default(false),
  })
  .strict();
export type StaffBookingRequest = z.infer<typeof ZStaffBookingRequest>;
export type StaffBookingInput = z.input<typeof ZStaffBookingRequest>;

/** What the diary says when a change would leave the booking as it is. */
export const NOTHING_TO_CHANGE =
  'That is the booking as it stands: change the date, the time or the party size.';

/**
 * PATCH /api/admin/bookings/{id}: a booked party's date, time or size changed in place (the
 * diary's "Change…"), through the same capacity check and date and time rules as a phone
 * booking. What is left out stays as it is; the guest is e-mailed the booking as it now stands.
 */
export const ZBookingChange = z
  .object({
    date: ZDate.optional(),
    time: ZSlotTime.optional(),
    number_of_people: ZParty.optional(),
    /** Move them even though the new time is full (needs the permission to overbook). */
    over_capacity: z.boolean().default(false),
  })
  .strict()
  .refine(
    (body) =>
      body.date !== undefined || body.time !== undefined || body.number_of_people !== undefined,
    { message: NOTHING_TO_CHANGE },
  );
export type BookingChange = z.infer<typeof ZBookingChange>;
export type BookingChangeInput = z.input<typeof ZBookingChange>;

/**
 * POST /api/admin/closeouts: stop online bookings for one slot (`time`), one service (the
 * service's `id` from the day view, e.g. "18:00-22:00"), or the whole day (neither).
 */
export const ZCloseoutRequest = z
  .object({
    date: ZDate,
    time: ZSlotTime.optional(),
    service: z
      .string()
      .regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, 'Choose a service from the day')
      .optional(),
    reason: z.string().trim().min(1, 'Say why, in a few words').max(200),
  })
  .strict()
  .refine((body) => !(body.time && body.service), {
    path: ['service'],
    message: 'Close a time or a service, not both',
  });
export type CloseoutRequest = z.infer<typeof ZCloseoutRequest>;

export const ZDiaryQuery = z.object({ date: ZDate });

// The answers' shapes are schemas (api-shapes-staff.ts), their types read from them.
export type {
  DiaryBooking,
  DiaryCloseout,
  DiarySlot,
  DiaryService,
  DiaryDay,
} from './api-shapes-staff.ts';

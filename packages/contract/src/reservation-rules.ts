/**
 * Table reservation's rules without zod (product.md §2 "Reservation screen", §3, §9): the booking
 * page draws its form from these before the schema of reservation.ts, which re-exports them, is
 * loaded to check it.
 */

export const RESERVATION_MESSAGE_MAX_LENGTH = 200;
export const PEOPLE_OPTIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+'] as const;
export type PeopleOption = (typeof PEOPLE_OPTIONS)[number];
/** product.md §9: the redirect after a booking. */
export const BOOKING_REDIRECT_MS = 500;
/** product.md §9: the share window is 600 by 600. */
export const SHARE_WINDOW = { width: 600, height: 600 } as const;
/** 'hh:mm AM/PM', as product.md §3 writes slot times. */
export const SLOT_TIME_PATTERN = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** How a booking stands; the staff diary moves it (diary.ts holds the moves). */
export const BOOKING_STATUSES = [
  /** A "10+" party: the restaurant confirms it (with the real size) or declines it. */
  'requested',
  /** Booked: online, by phone, or a request the restaurant confirmed. */
  'confirmed',
  'arrived',
  'seated',
  'completed',
  'no_show',
  /** By the guest (the e-mailed link) or by the restaurant. */
  'cancelled',
  /** A request the restaurant could not take. */
  'declined',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** How a booking's status reads to its guest (the cancel page, the account's bookings). */
export const GUEST_STATUS_WORDS: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  requested: 'Requested: the restaurant will confirm it by e-mail',
  cancelled: 'Cancelled',
  arrived: 'You have arrived: enjoy your meal',
  seated: 'Seated: enjoy your meal',
  completed: 'Completed: thank you for coming',
  no_show: 'Missed',
  declined: 'Declined by the restaurant',
};

/** What a guest may still cancel through the e-mailed link. */
export const GUEST_CANCELLABLE: readonly BookingStatus[] = ['requested', 'confirmed'];

/**
 * Front of house mistakes (issue 27, point 6): a no-show may be marked from this many minutes
 * after the booking's time, and undone for this many minutes after it was marked (diary.ts).
 */
export const NO_SHOW_AFTER_MINUTES = 15;
export const NO_SHOW_UNDO_MINUTES = 10;

/**
 * The diary's one-tap moves, each undone for this many minutes after it was made, back to the
 * status the booking had before (docs/decisions/0067).
 */
export const UNDOABLE_BOOKING_MOVES = ['arrived', 'seated', 'completed'] as const;
export type UndoableBookingMove = (typeof UNDOABLE_BOOKING_MOVES)[number];
export const MOVE_UNDO_MINUTES = 10;

/** What a booking must be for the diary to change its date, time or party size. */
export const CHANGEABLE_BOOKING_STATUSES: readonly BookingStatus[] = ['confirmed'];

import {
  MOVE_UNDO_MINUTES,
  NO_SHOW_AFTER_MINUTES,
  NO_SHOW_UNDO_MINUTES,
  SAME_DAY_BOOKING_MOVES,
  UNDOABLE_BOOKING_MOVES,
} from '@servery/contract/diary';
import {
  instantAt,
  localDate,
  saidDayAndTime,
  saidTime,
  slotMinutes,
} from '@servery/contract/clock';
import type { BookingStatus } from '@servery/contract/reservation';
import { AppError } from '../../lib/app-error.ts';
import type { BookingRow } from '../reservations/reservations.repository.ts';

const MINUTE = 60_000;

/** When the party is due, in the shop's time (a time the clocks skip reads as an hour later). */
function startsAt(row: Pick<BookingRow, 'date' | 'time'>, timeZone: string): Date {
  const minutes = slotMinutes(row.time);
  return instantAt(row.date, minutes, timeZone) ?? instantAt(row.date, minutes + 60, timeZone)!;
}

/** From when a no-show may be marked: a party is not missing until 15 minutes past its time. */
export const noShowFrom = (row: Pick<BookingRow, 'date' | 'time'>, timeZone: string) =>
  new Date(startsAt(row, timeZone).getTime() + NO_SHOW_AFTER_MINUTES * MINUTE);

/**
 * Until when a no-show may be undone, or null. A no-show moves no further, so its
 * `updated_at` is the moment it was marked (decision 33).
 */
export function undoNoShowUntil(row: Pick<BookingRow, 'status' | 'updatedAt'>, at: Date) {
  if (row.status !== 'no_show' || !row.updatedAt) return null;
  const until = new Date(row.updatedAt.getTime() + NO_SHOW_UNDO_MINUTES * MINUTE);
  return until > at ? until : null;
}

/**
 * Until when the diary's last one-tap move (arrived, seated, left) may be undone, or null: the
 * move's own moment, kept beside the status it came from (decision 67).
 */
export function undoMoveUntil(
  row: Pick<BookingRow, 'status' | 'lastMoveFrom' | 'lastMoveAt'>,
  at: Date,
) {
  if (!(UNDOABLE_BOOKING_MOVES as readonly BookingStatus[]).includes(row.status)) return null;
  if (!row.lastMoveFrom || !row.lastMoveAt) return null;
  const until = new Date(row.lastMoveAt.getTime() + MOVE_UNDO_MINUTES * MINUTE);
  return until > at ? until : null;
}

/**
 * Issue 27, point 6: the moves the front of house may make now, by the clock: arrived and
 * seated only on the booking's day, a no-show only from 15 minutes after its time. Null when
 * the move may go ahead, else the 422 that says when it may.
 */
export function timingRefusal(
  row: Pick<BookingRow, 'date' | 'time'>,
  to: BookingStatus,
  at: Date,
  timeZone: string,
): AppError | null {
  if (SAME_DAY_BOOKING_MOVES.includes(to) && localDate(at, timeZone) !== row.date) {
    const message = `Arrived and seated are for the booking’s own day: this booking is for ${saidDayAndTime(startsAt(row, timeZone), timeZone)}.`;
    return new AppError(422, 'not_the_booking_day', message, { status: message });
  }
  if (to === 'no_show') {
    const from = noShowFrom(row, timeZone);
    if (at < from) {
      const message = `Too early for a no-show: the table is held until ${saidTime(from, timeZone)} (${NO_SHOW_AFTER_MINUTES} minutes after ${row.time}).`;
      return new AppError(422, 'too_early_for_no_show', message, { status: message });
    }
  }
  return null;
}

/** The table's moves from the booking's status, less those the clock does not allow yet. */
export const movesNow = (
  row: Pick<BookingRow, 'date' | 'time'>,
  moves: readonly BookingStatus[],
  at: Date,
  timeZone: string,
) => moves.filter((to) => !timingRefusal(row, to, at, timeZone));

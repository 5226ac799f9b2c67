import type { DiaryBooking } from '@servery/contract/diary';
import type { UndoableBookingMove } from '@servery/contract/reservation-rules';
import { MOVE_UNDO_MINUTES } from '@servery/contract/reservation-rules';
import { buttonClass } from '../../components/ui/button.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useCardUndo } from './card-undo.ts';
import { undoMinutesLeft } from './no-show-controls.tsx';

/** Whether the last one-tap move may still be undone (the server says until when; the clock moves on). */
export const moveUndoOffered = (booking: DiaryBooking, now: number) =>
  booking.undo_until !== null &&
  booking.undo_back_to !== null &&
  now < Date.parse(booking.undo_until);

/**
 * Decision 67: the undo of a stray Arrived, Seat or Left, or of a walk-in added by mistake, for
 * 10 minutes after the tap. It sits
 * above the card's moves, where a second tap on the button just pressed does no new harm, and
 * says where the undo puts the party back.
 */
export function UndoMove({
  booking,
  now,
  label,
  backTo,
}: {
  booking: DiaryBooking;
  now: number;
  /** The status as the card names it ("Seated"), and the one the undo goes back to. */
  label: string;
  backTo: string;
}) {
  // A walk-in's seat goes back to nothing: the undo takes it off the diary.
  const walkIn = booking.undo_back_to === 'cancelled';
  // Offered only in a status of a move that can be undone (moveUndoOffered).
  const { tap, busy, problem } = useCardUndo(
    booking,
    booking.status as UndoableBookingMove,
    walkIn ? 'is taken off the diary' : `is back to ${backTo}`,
  );
  const left = undoMinutesLeft(booking.undo_until!, now, MOVE_UNDO_MINUTES);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        disabled={busy}
        onClick={() => void tap()}
      >
        Undo “{label}”
        <span className="sr-only">
          {' '}
          {booking.name}, {booking.people}
        </span>
      </button>
      <span className="text-stone-800">
        {walkIn ? 'Takes the walk-in off the diary' : `Back to ${backTo}`} · {left}{' '}
        {left === 1 ? 'minute' : 'minutes'} left to undo
      </span>
      <ProblemLine message={problem} className="w-full" />
    </div>
  );
}

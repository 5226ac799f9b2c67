import { useEffect, useState } from 'react';
import { slotClockTime } from '@servery/contract/clock';
import type { DiaryBooking } from '@servery/contract/diary';
import { NO_SHOW_UNDO_MINUTES } from '@servery/contract/reservation-rules';
import { adminErrorMessage } from '../admin-api.ts';
import { serverNow } from '../server-clock.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useMoveBookingMutation } from './diary-api.ts';
import { useCardUndo } from './card-undo.ts';

/**
 * The time now on the server's clock (its instants are what it is compared with), moved on every
 * `everyMs`: what the clock allows changes while a screen is open.
 */
export function useNow(everyMs = 15_000) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Whether the no-show button is offered: a booked party 15 minutes past its time. */
export const noShowOffered = (booking: DiaryBooking, now: number) =>
  booking.status === 'confirmed' && now >= Date.parse(booking.no_show_from);

/** Whether a no-show may still be undone (the server says until when; the clock moves on). */
export const undoOffered = (booking: DiaryBooking, now: number) =>
  booking.status === 'no_show' &&
  booking.undo_no_show_until !== null &&
  now < Date.parse(booking.undo_no_show_until);

/**
 * Issue 27, point 6: a no-show is asked twice, since it gives the party's seats away, and says
 * how long it can be undone.
 */
export function ConfirmNoShow({
  booking,
  open,
  onDone,
}: {
  booking: DiaryBooking;
  open: boolean;
  onDone: () => void;
}) {
  const [move, moving] = useMoveBookingMutation();
  const [problem, setProblem] = useState('');
  const who = `${booking.name}, ${booking.people}`;
  const close = () => {
    setProblem('');
    onDone();
  };
  return (
    <ConfirmDialog
      open={open}
      id={`no-show-${booking.id}`}
      title={`No-show ${who}?`}
      confirmLabel="Yes, no-show"
      cancelLabel="Keep booked"
      size="lg"
      busy={moving.isLoading}
      problem={problem}
      onCancel={close}
      onConfirm={async () => {
        setProblem('');
        const result = await move({ id: booking.id, status: 'no_show' });
        if ('error' in result) setProblem(adminErrorMessage(result.error));
        else close();
      }}
    >
      Mark {who} at {slotClockTime(booking.time)} as a no-show? Their seats go back to the slot. You
      can undo it for {NO_SHOW_UNDO_MINUTES} minutes.
    </ConfirmDialog>
  );
}

/**
 * Whole minutes left to undo, as the confirm promised them: never more than its 10 (`most`),
 * though the screen's clock ticks every 15 s and so can be up to a tick behind the server's mark.
 */
export const undoMinutesLeft = (until: string, now: number, most = NO_SHOW_UNDO_MINUTES) =>
  Math.min(most, Math.max(1, Math.ceil((Date.parse(until) - now) / 60_000)));

/** The undo of a no-show marked in the last 10 minutes, with the minutes it is offered for. */
export function UndoNoShow({ booking, now }: { booking: DiaryBooking; now: number }) {
  const { tap, busy, problem } = useCardUndo(booking, 'no_show', 'is booked again');
  const left = undoMinutesLeft(booking.undo_no_show_until!, now);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
      <button
        type="button"
        className={buttonClass({ size: 'lg' })}
        disabled={busy}
        onClick={() => void tap()}
      >
        Undo no-show
        <span className="sr-only">
          {' '}
          {booking.name}, {booking.people}
        </span>
      </button>
      <span className="text-stone-800">
        {left} {left === 1 ? 'minute' : 'minutes'} left to undo
      </span>
      <ProblemLine message={problem} className="w-full" />
    </div>
  );
}

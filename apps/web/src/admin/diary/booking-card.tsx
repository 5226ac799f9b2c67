import { lazy, Suspense, useState } from 'react';
import { slotClockTime } from '@servery/contract/clock';
import type { BookingStatusChange, DiaryBooking } from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import { CHANGEABLE_BOOKING_STATUSES } from '@servery/contract/reservation-rules';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useMoveBookingMutation } from './diary-api.ts';
import { dayLabels } from './diary-dates.ts';
import {
  ConfirmNoShow,
  noShowOffered,
  UndoNoShow,
  undoOffered,
  useNow,
} from './no-show-controls.tsx';
import { PanelPlaceholder } from '../move-panels.tsx';
import { moveUndoOffered, UndoMove } from './undo-move-controls.tsx';
import { useDiaryNotice } from './diary-notice.ts';
import { formatPhone, telHref } from '@servery/contract/phone-format';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Request',
  confirmed: 'Booked',
  arrived: 'Arrived',
  seated: 'Seated',
  completed: 'Left',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  declined: 'Declined',
};
const STATUS_TONES: Record<BookingStatus, string> = {
  requested: 'bg-amber-100 text-amber-950',
  confirmed: 'bg-sky-100 text-sky-950',
  arrived: 'bg-violet-100 text-violet-950',
  seated: 'bg-emerald-100 text-emerald-950',
  completed: 'bg-stone-200 text-stone-900',
  no_show: 'bg-red-100 text-red-900',
  cancelled: 'bg-stone-200 text-stone-900',
  declined: 'bg-stone-200 text-stone-900',
};
/** The one-tap moves, named as the front of house says them. */
const MOVE_LABELS: Partial<Record<BookingStatus, string>> = {
  arrived: 'Arrived',
  seated: 'Seat',
  completed: 'Left',
};
const SOURCES = { online: 'online', phone: 'phone', walk_in: 'walk-in' } as const;

// The confirm, decline and cancel forms (react-hook-form and the contract's zod schema) load
// when one opens: the diary's first screen has neither (docs/decisions/0048).
const loadPanels = () => import('./booking-move-panels.tsx');
const ConfirmPanel = lazy(() => loadPanels().then((m) => ({ default: m.ConfirmPanel })));
const ReasonPanel = lazy(() => loadPanels().then((m) => ({ default: m.ReasonPanel })));
const loadChangeForm = () => import('./change-booking-form.tsx');
const ChangeBookingForm = lazy(() =>
  loadChangeForm().then((m) => ({ default: m.ChangeBookingForm })),
);

/** One booking in the diary: who, how many, and the moves the table allows now. */
export function BookingCard({
  booking,
  showDate = false,
}: {
  booking: DiaryBooking;
  showDate?: boolean;
}) {
  const [move, moving] = useMoveBookingMutation();
  const [mode, setMode] = useState<
    'idle' | 'confirm' | 'decline' | 'cancel' | 'no_show' | 'change'
  >('idle');
  const notice = useDiaryNotice();
  const now = useNow();
  const noShow = noShowOffered(booking, now);
  const [problem, setProblem] = useState('');
  const who = `${booking.name}, ${booking.people}`;

  async function send(body: Parameters<typeof move>[0]) {
    setProblem('');
    const result = await move(body);
    if ('error' in result) setProblem(adminErrorMessage(result.error));
    else setMode('idle');
  }

  const panelSend = (body: BookingStatusChange) => send({ id: booking.id, ...body });
  const back = () => {
    setProblem('');
    setMode('idle');
  };

  const finished = ['completed', 'no_show', 'cancelled', 'declined'].includes(booking.status);
  return (
    <li
      className={`rounded-xl border-2 border-stone-300 bg-white p-3 ${finished ? 'opacity-75' : ''}`}
      aria-label={`${who} at ${slotClockTime(booking.time)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold">
          {booking.name} · {booking.people} {booking.people === '1' ? 'person' : 'people'}
        </p>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONES[booking.status]}`}
        >
          {STATUS_LABELS[booking.status]}
        </span>
      </div>
      <p className="text-stone-800">
        {showDate && `${dayLabels(booking.date).long}, `}
        {slotClockTime(booking.time)}
        {booking.phone && (
          <>
            {' · '}
            <a className="underline" href={telHref(booking.phone)}>
              {formatPhone(booking.phone)}
            </a>
          </>
        )}
        {` · ${SOURCES[booking.source]}`}
        {booking.over_capacity && <strong className="text-red-800"> · overbooked</strong>}
      </p>
      {booking.message && <p className="mt-1 italic">“{booking.message}”</p>}
      {booking.note && <p className="mt-1 text-stone-800">Note: {booking.note}</p>}

      {mode === 'idle' && undoOffered(booking, now) && <UndoNoShow booking={booking} now={now} />}
      {mode === 'idle' && moveUndoOffered(booking, now) && (
        <UndoMove
          booking={booking}
          now={now}
          label={STATUS_LABELS[booking.status]}
          backTo={STATUS_LABELS[booking.undo_back_to!]}
        />
      )}
      {(noShow || mode === 'no_show') && (
        <ConfirmNoShow booking={booking} open={mode === 'no_show'} onDone={() => setMode('idle')} />
      )}
      {/* Kept behind the no-show question, so focus goes back to its button when it closes. */}
      {(mode === 'idle' || mode === 'no_show') && booking.next.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2 print:hidden">
          {booking.status === 'requested' && (
            <>
              <button
                type="button"
                className={buttonClass({ size: 'lg' })}
                onClick={() => setMode('confirm')}
              >
                Confirm…
              </button>
              <button
                type="button"
                className={buttonClass({ variant: 'outline', size: 'lg' })}
                onClick={() => setMode('decline')}
              >
                Decline…
              </button>
            </>
          )}
          {booking.next
            .filter((to) => MOVE_LABELS[to])
            .map((to) => (
              <button
                key={to}
                type="button"
                className={buttonClass({ size: 'lg' })}
                disabled={moving.isLoading}
                onClick={() => void send({ id: booking.id, status: to })}
              >
                {MOVE_LABELS[to]}
                <span className="sr-only"> {who}</span>
              </button>
            ))}
          {noShow && (
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('no_show')}
            >
              No-show…<span className="sr-only"> {who}</span>
            </button>
          )}
          {CHANGEABLE_BOOKING_STATUSES.includes(booking.status) && (
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('change')}
              // The form's chunk starts on the way before the click lands.
              onPointerEnter={() => void loadChangeForm()}
              onFocus={() => void loadChangeForm()}
            >
              Change…<span className="sr-only"> {who}</span>
            </button>
          )}
          {booking.next.includes('cancelled') && (
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('cancel')}
            >
              Cancel…
            </button>
          )}
        </div>
      )}

      {(mode === 'confirm' || mode === 'decline' || mode === 'cancel') && (
        <Suspense
          fallback={
            <PanelPlaceholder label={`Opening the form for ${who}`} className="mt-3 bg-stone-100" />
          }
        >
          {mode === 'confirm' ? (
            <ConfirmPanel
              booking={booking}
              busy={moving.isLoading}
              onSend={panelSend}
              onBack={back}
            />
          ) : (
            <ReasonPanel
              booking={booking}
              busy={moving.isLoading}
              onSend={panelSend}
              onBack={back}
              status={mode === 'decline' ? 'declined' : 'cancelled'}
            />
          )}
        </Suspense>
      )}
      {mode === 'change' && (
        <Suspense
          fallback={
            <PanelPlaceholder label={`Opening the form for ${who}`} className="mt-3 bg-stone-100" />
          }
        >
          <ChangeBookingForm
            booking={booking}
            onBack={back}
            onDone={(message) => {
              setMode('idle');
              notice(message);
            }}
          />
        </Suspense>
      )}
      <ProblemLine message={problem} className="mt-2" />
    </li>
  );
}

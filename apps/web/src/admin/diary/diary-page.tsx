import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { DiaryDay } from '@servery/contract/diary';
import { adminApi, adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useAdminDispatch } from '../admin-state.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useLiveEvents } from '../live/use-live-events.ts';
import { BookingCard } from './booking-card.tsx';
import { diaryCsv } from './diary-csv.ts';
import { useFirstDrawInSlices } from '../../lib/first-draw.ts';
import { addDays, dayLabels, shopToday } from './diary-dates.ts';
import { useDiaryDayQuery } from './diary-api.ts';
import { DiarySlots } from './diary-slots.tsx';
import { DiaryNotice } from './diary-notice.ts';

// The phone booking form is checked by the contract's schema (react-hook-form and zod, about
// 35 KB compressed): a chunk of its own, fetched when it is asked for, so the diary's first
// screen stays within its JavaScript budget (docs/decisions/0048).
const loadAddBookingForm = () => import('./add-booking-form.tsx');
const AddBookingForm = lazy(() =>
  loadAddBookingForm().then((m) => ({ default: m.AddBookingForm })),
);

const STRIP_DAYS = 14;

/**
 * The bookings diary (issue 16): a day in the shop's time zone, live. Requests wait on top;
 * each service lists its slots with covers as bars and the bookings in them, each with its
 * one-tap moves; a quick form adds a phone booking or a walk-in. Prints as a running order.
 */
export function DiaryPage() {
  const dispatch = useAdminDispatch();
  const session = useSessionQuery().data;
  const timeZone = session?.shop.timeZone ?? 'Europe/London';
  const today = shopToday(timeZone);
  const [date, setDate] = useState(today);
  const [adding, setAdding] = useState(false);
  const [said, setSaid] = useState('');
  const day = useDiaryDayQuery(date);
  const refetch = useCallback(
    (kind: string) => {
      if (kind.startsWith('booking.') || kind.startsWith('closeout.') || kind === 'resync') {
        dispatch(adminApi.util.invalidateTags(['Booking']));
      }
    },
    [dispatch],
  );
  const live = useLiveEvents(refetch);
  const strip = useMemo(
    () => Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i)),
    [today],
  );
  const permissions = session?.permissions ?? [];
  // The first day is drawn in slices (lib/first-draw.ts), as the desk's first cards are.
  const data = useFirstDrawInSlices(Boolean(day.data)) ? day.data : undefined;

  return (
    <DiaryNotice.Provider value={setSaid}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">
          Bookings <span className="block text-xl font-semibold">{dayLabels(date).long}</span>
        </h1>
        <div className="flex flex-wrap gap-2 print:hidden">
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => window.print()}
          >
            Print running order
          </button>
          {data && <CsvLink day={data} />}
        </div>
      </div>
      <p
        role="status"
        className={`mt-2 min-h-7 font-semibold print:hidden ${live === 'reconnecting' ? 'text-red-700' : 'text-stone-700'}`}
      >
        {live === 'reconnecting'
          ? 'Reconnecting… the diary may be out of date.'
          : live === 'live'
            ? 'Live.'
            : 'Connecting…'}
      </p>

      {/* Two weeks as two rows of seven chips, or one row of fourteen from 1024 px: every day
          is in sight, each chip the same two lines (the walk's finding 14), and any other day is
          one date box away. */}
      <nav
        aria-label="Days"
        className="mt-2 flex flex-wrap items-end gap-3 lg:flex-nowrap print:hidden"
      >
        <ul className="grid w-full grid-cols-7 gap-1.5 lg:w-auto lg:min-w-0 lg:grow lg:grid-cols-14">
          {strip.map((d) => {
            const { weekday, day: dayOfMonth } = dayLabels(d);
            return (
              <li key={d}>
                <button
                  type="button"
                  aria-current={d === date ? 'date' : undefined}
                  className={`flex min-h-14 w-full flex-col items-center justify-center rounded-xl px-1 leading-tight font-semibold ${d === date ? 'bg-primary text-on-primary' : 'border-2 border-stone-400 bg-white'}`}
                  onClick={() => setDate(d)}
                >
                  <span className="text-xs sm:text-sm">{d === today ? 'Today' : weekday}</span>{' '}
                  <span className="text-lg">{dayOfMonth}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <label className="shrink-0 font-semibold">
          Another day
          <input
            type="date"
            className={`${inputClass({ size: 'lg' })} w-44`}
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
        </label>
      </nav>

      {day.error && <ProblemLine message={adminErrorMessage(day.error)} className="mt-3" />}
      {said && (
        <p role="status" className="mt-3 font-semibold text-green-800 print:hidden">
          {said}
        </p>
      )}
      {data && (
        <>
          <p className="mt-3 text-lg">
            <strong>{data.totals.covers}</strong> covers in <strong>{data.totals.bookings}</strong>{' '}
            {data.totals.bookings === 1 ? 'booking' : 'bookings'}
            {data.totals.requested > 0 && <> · {data.totals.requested} to confirm</>} ·{' '}
            {data.capacity_per_slot} covers a time · {data.store.name}
          </p>

          {data.requests.length > 0 && (
            <section
              aria-labelledby="requests"
              className="mt-4 rounded-2xl bg-amber-50 p-4 print:hidden"
            >
              <h2 id="requests" className="text-xl font-bold">
                Requests to answer ({data.requests.length})
              </h2>
              <ul className="mt-3 space-y-3">
                {data.requests.map((b) => (
                  <BookingCard key={b.id} booking={b} showDate />
                ))}
              </ul>
            </section>
          )}

          <section className={`${CARD_CLASS} mt-4 print:hidden`} aria-labelledby="add-booking">
            <h2 id="add-booking" className="text-xl font-bold">
              Add a booking
            </h2>
            {adding ? (
              <div className="mt-3">
                <Suspense
                  fallback={
                    <p role="status" className="min-h-64">
                      Opening the form…
                    </p>
                  }
                >
                  <AddBookingForm
                    date={date}
                    times={data.services.flatMap((s) => s.slots.map((slot) => slot.time))}
                    isToday={date === today}
                    mayOverbook={permissions.includes('bookings:override_capacity')}
                    onDone={(message) => {
                      setSaid(message);
                      setAdding(false);
                    }}
                  />
                </Suspense>
              </div>
            ) : (
              <button
                type="button"
                className={`${buttonClass({ size: 'lg' })} mt-3`}
                onClick={() => setAdding(true)}
                // The form's chunk starts on the way before the click lands.
                onPointerEnter={() => void loadAddBookingForm()}
                onFocus={() => void loadAddBookingForm()}
              >
                Phone booking or walk-in
              </button>
            )}
          </section>

          <DiarySlots day={data} mayClose={permissions.includes('service:run')} />
        </>
      )}
      {(day.isLoading || (day.data && !data)) && (
        <p role="status" className="mt-4 text-lg">
          Loading the day…
        </p>
      )}
    </DiaryNotice.Provider>
  );
}

/** The day as a CSV file, made in the browser from what the diary shows. */
function CsvLink({ day }: { day: DiaryDay }) {
  const href = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(diaryCsv(day))}`,
    [day],
  );
  return (
    <a
      className={buttonClass({ variant: 'outline', size: 'lg' })}
      href={href}
      download={`bookings-${day.date}.csv`}
    >
      Download CSV
    </a>
  );
}

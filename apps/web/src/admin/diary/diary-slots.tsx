import { useState } from 'react';
import { slotClockTime } from '@servery/contract/clock';
import type { DiaryDay, DiarySlot } from '@servery/contract/diary';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { BookingCard } from './booking-card.tsx';
import { useAddCloseoutMutation, useRemoveCloseoutMutation } from './diary-api.ts';

/** The day's services and their slots: covers as bars, close-outs, and the bookings in each. */
export function DiarySlots({ day, mayClose }: { day: DiaryDay; mayClose: boolean }) {
  const [close, closing] = useAddCloseoutMutation();
  const [reopen, reopening] = useRemoveCloseoutMutation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  // The per-time and per-service close buttons show only while closing: the diary stays calm.
  const [choosing, setChoosing] = useState(false);
  const closable = mayClose && choosing;

  async function closeOut(what: { time?: string; service?: string }) {
    setProblem('');
    const result = await close({
      date: day.date,
      reason: reason.trim() || 'Closed by staff',
      ...what,
    });
    if ('error' in result) setProblem(adminErrorMessage(result.error));
  }

  return (
    <>
      {mayClose && (
        <section aria-labelledby="closeouts" className="mt-4 rounded-2xl bg-white p-4 print:hidden">
          <h2 id="closeouts" className="text-xl font-bold">
            Closed to online bookings
          </h2>
          {day.closeouts.length === 0 ? (
            <p className="mt-1">Nothing is closed this day.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {day.closeouts.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold">{c.label}</span>
                  <span className="text-stone-700">{c.reason}</span>
                  <button
                    type="button"
                    className={buttonClass({ variant: 'outline', size: 'lg' })}
                    disabled={reopening.isLoading}
                    onClick={() => void reopen(c.id)}
                  >
                    Reopen <span className="sr-only">{c.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <label className="block grow font-semibold">
              Reason for closing (for your team)
              <input
                className={inputClass({ size: 'lg' })}
                maxLength={200}
                value={reason}
                placeholder="Private party"
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              disabled={closing.isLoading}
              onClick={() => void closeOut({})}
            >
              Close the whole day
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              aria-pressed={choosing}
              onClick={() => setChoosing((on) => !on)}
            >
              {choosing ? 'Done choosing' : 'Choose times to close…'}
            </button>
          </div>
          <ProblemLine message={problem} className="mt-2" />
        </section>
      )}

      {day.services.length === 0 && (
        <p className="mt-4 text-lg">The restaurant takes no bookings on this day.</p>
      )}
      {day.services.map((service) => (
        <section key={service.id} aria-labelledby={`service-${service.id}`} className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`service-${service.id}`} className="text-2xl font-bold">
              {service.label}{' '}
              <span className="text-lg font-semibold text-stone-700">
                · {service.covers} {service.covers === 1 ? 'cover' : 'covers'}, {service.bookings}{' '}
                {service.bookings === 1 ? 'booking' : 'bookings'}
              </span>
            </h2>
            {closable && (
              <button
                type="button"
                className={`${buttonClass({ variant: 'outline', size: 'lg' })} print:hidden`}
                disabled={closing.isLoading}
                onClick={() => void closeOut({ service: service.id })}
              >
                Close this service online
              </button>
            )}
          </div>
          <ol className="mt-3 space-y-3">
            {service.slots.map((slot) => (
              <SlotRow
                key={slot.time}
                slot={slot}
                mayClose={closable}
                busy={closing.isLoading}
                onClose={() => void closeOut({ time: slot.time })}
              />
            ))}
          </ol>
        </section>
      ))}
      {day.other.length > 0 && (
        <section aria-labelledby="other-times" className="mt-6">
          <h2 id="other-times" className="text-2xl font-bold">
            At other times
          </h2>
          <ul className="mt-3 space-y-3">
            {day.other.map((b) => (
              <BookingCard key={b.id} booking={b} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function SlotRow({
  slot,
  mayClose,
  busy,
  onClose,
}: {
  slot: DiarySlot;
  mayClose: boolean;
  busy: boolean;
  onClose: () => void;
}) {
  const share = Math.min(100, Math.round((slot.covers / slot.capacity) * 100));
  // The slot stays '07:00 PM' in the API (SPEC §3); the diary prints it as every time: 7:00 PM.
  const time = slotClockTime(slot.time);
  const over = slot.covers > slot.capacity;
  return (
    <li className="rounded-2xl bg-stone-200 p-3 break-inside-avoid">
      <div className="flex flex-wrap items-center gap-3">
        <p className="w-24 text-xl font-bold">{time}</p>
        <div className="min-w-40 grow">
          <div
            role="meter"
            aria-label={`Covers at ${time}`}
            aria-valuemin={0}
            aria-valuemax={slot.capacity}
            aria-valuenow={slot.covers}
            aria-valuetext={`${slot.covers} of ${slot.capacity} covers`}
            className="h-4 overflow-hidden rounded-full bg-white"
          >
            <div
              className={`h-full ${over ? 'bg-red-700' : share >= 80 ? 'bg-amber-600' : 'bg-emerald-700'}`}
              style={{ width: `${share}%` }}
            />
          </div>
          <p className="mt-1 font-semibold">
            {slot.covers} / {slot.capacity} covers
            {over && <span className="text-red-800"> · overbooked</span>}
            {slot.closed && <span className="text-stone-800"> · closed online</span>}
          </p>
        </div>
        {mayClose && !slot.closed && (
          <button
            type="button"
            className={`${buttonClass({ variant: 'outline', size: 'lg' })} print:hidden`}
            disabled={busy}
            onClick={onClose}
          >
            Close online <span className="sr-only">at {time}</span>
          </button>
        )}
      </div>
      {slot.bookings.length > 0 && (
        <ul className="mt-3 space-y-2">
          {slot.bookings.map((b) => (
            <BookingCard key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </li>
  );
}

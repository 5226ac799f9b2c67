import { useEffect, useState } from 'react';
import { localDate } from '@servery/contract/clock';
import type { OrderType } from '@servery/contract/menu';
import type { ServiceStore } from '@servery/contract/service';
import { adminErrorMessage } from '../admin-api.ts';
import { useAdminTimeZone } from '../admin-shop.ts';
import { shopClockTime } from '../../lib/shop-time.ts';
import { serverNow } from '../server-clock.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { ScopeLine } from './scope-line.tsx';
import {
  usePauseStoreMutation,
  useResumeStoreMutation,
  useSetBusyMutation,
} from './service-api.ts';

const PAUSE_MINUTES = [15, 30, 60];
const BUSY_MINUTES = [10, 20, 30, 45];
/** How long busy mode lasts: the store's opening by default (decision 87), or some hours. */
const BUSY_LENGTHS = [
  { value: '', label: 'Until closing' },
  { value: '60', label: 'For 1 hour' },
  { value: '120', label: 'For 2 hours' },
] as const;
const TYPE_LABELS: Record<OrderType, string> = { collection: 'Collection', delivery: 'Delivery' };

/**
 * Minutes and seconds until `until`, ticking every second; "0:00" once it has passed. Counted on
 * the server's clock, whose instant `until` is: a tablet's wrong clock must not shorten a pause.
 * Keyed by `until`, so a new pause starts from the time now, not from the last tick.
 */
function Countdown({ until, onEnd }: { until: string; onEnd: () => void }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, new Date(until).getTime() - now);
  useEffect(() => {
    if (left === 0) onEnd();
  }, [left, onEnd]);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const shown = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return <span aria-label={`${shown} left`}>{shown}</span>;
}

/**
 * The pauses on offer, each a row of minutes: a way at a time while nothing is paused; while a
 * pause runs, each way it leaves open paused too (both then for the minutes chosen), and the
 * pause kept going for its ways (a swamped kitchen must not have to resume to pause longer).
 */
export function pauseChoices(
  store: Pick<ServiceStore, 'order_types' | 'pause'>,
): { legend: string; orderTypes: OrderType[] }[] {
  const paused = store.pause?.order_types ?? [];
  const open = store.order_types.filter((type) => !paused.includes(type));
  if (!paused.length) {
    return open.map((type) => ({
      legend: `Pause ${TYPE_LABELS[type].toLowerCase()}`,
      orderTypes: [type],
    }));
  }
  const names = (types: OrderType[]) =>
    types.map((t) => TYPE_LABELS[t].toLowerCase()).join(' and ');
  return [
    ...open.map((type) => ({
      legend: `Pause ${names([type])} too (${names([...paused, type])} for the time chosen)`,
      orderTypes: [...paused, type],
    })),
    { legend: `Keep ${names(paused)} paused, from now`, orderTypes: paused },
  ];
}

/**
 * "11:00 PM", or "tomorrow 2:15 AM" past the shop's midnight: busy mode lasts at most a day, so
 * its end is today or tomorrow on the shop's clock (the server's, server-clock.ts).
 */
function busyEnd(until: string, timeZone: string): string {
  const later = localDate(new Date(until), timeZone) !== localDate(new Date(serverNow()), timeZone);
  return `${later ? 'tomorrow ' : ''}${shopClockTime(until, timeZone)}`;
}

/** Pause by order type with a countdown, and busy mode: large buttons, one tap each. */
export function StoreControls({ store, onEnd }: { store: ServiceStore; onEnd: () => void }) {
  const [pause, pausing] = usePauseStoreMutation();
  const [resume, resuming] = useResumeStoreMutation();
  const [busy, settingBusy] = useSetBusyMutation();
  const [busyLength, setBusyLength] = useState<string>('');
  const timeZone = useAdminTimeZone();
  const [error, setError] = useState('');
  const run = async (call: Promise<{ error?: unknown }>) => {
    const result = await call;
    setError(result.error ? adminErrorMessage(result.error) : '');
  };

  return (
    <section aria-labelledby="controls-heading" className={`${CARD_CLASS} space-y-5`}>
      <div>
        <h2 id="controls-heading" className="text-2xl font-bold">
          Pause and busy mode
        </h2>
        <ScopeLine store={store.name} />
      </div>
      <p className="text-lg">
        <span className="font-semibold">{store.is_open_now ? 'Open now' : 'Closed now'}</span>
        {store.status_text ? ` · ${store.status_text}` : ''}
      </p>
      {store.pause ? (
        <div role="status" className="rounded-xl bg-amber-100 p-4 text-amber-950">
          <p className="text-xl font-bold">
            {store.pause.order_types.map((t) => TYPE_LABELS[t]).join(' and ')} paused:{' '}
            <Countdown key={store.pause.until} until={store.pause.until} onEnd={onEnd} /> left
          </p>
          <p className="mt-1">Customers see: “{store.pause.message}”</p>
          <button
            type="button"
            className={`${buttonClass({ variant: 'danger', size: 'lg' })} mt-3 w-full text-lg`}
            disabled={resuming.isLoading}
            onClick={() => void run(resume(store.id))}
          >
            Resume orders now
          </button>
        </div>
      ) : null}
      {/* A pause is one time for the ways it names: pausing another way too, or keeping the
          pause going, sets that time again for all of them, from now. */}
      {pauseChoices(store).map(({ legend, orderTypes }) => (
        <fieldset key={legend}>
          <legend className="text-lg font-semibold">{legend}</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {PAUSE_MINUTES.map((minutes) => (
              <button
                key={minutes}
                type="button"
                className={buttonClass({ variant: 'outline', size: 'lg' })}
                disabled={pausing.isLoading}
                onClick={() => void run(pause({ id: store.id, order_types: orderTypes, minutes }))}
              >
                {minutes} min
              </button>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset>
        <legend className="text-lg font-semibold">
          {store.busy_extra_minutes && store.busy_until
            ? `Busy +${store.busy_extra_minutes} min until ${busyEnd(store.busy_until, timeZone)}`
            : 'Busy mode: off'}
        </legend>
        <p className="text-stone-700">Adds minutes to every ready time, then ends by itself.</p>
        <label className="mt-2 block text-lg">
          How long
          <select
            className={inputClass({ size: 'lg' })}
            value={busyLength}
            onChange={(event) => setBusyLength(event.target.value)}
          >
            {BUSY_LENGTHS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div className="mt-2 grid grid-cols-4 gap-2">
          {BUSY_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              aria-pressed={store.busy_extra_minutes === minutes}
              className={`${buttonClass({ variant: 'outline', size: 'lg' })} px-2 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-on-primary`}
              disabled={settingBusy.isLoading}
              onClick={() =>
                void run(
                  busy({
                    id: store.id,
                    extra_minutes: minutes,
                    ...(busyLength ? { minutes: Number(busyLength) } : {}),
                  }),
                )
              }
            >
              +{minutes}
            </button>
          ))}
        </div>
        {store.busy_extra_minutes ? (
          <button
            type="button"
            className={`${buttonClass({ variant: 'outline', size: 'lg' })} mt-2 w-full text-lg`}
            disabled={settingBusy.isLoading}
            onClick={() => void run(busy({ id: store.id, extra_minutes: 0 }))}
          >
            End busy mode now
          </button>
        ) : null}
      </fieldset>
      <ProblemLine message={error} />
    </section>
  );
}

import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import { CHOICE_CLASS, Choice, RADIO_CLASS } from '../../../components/ui/choice.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { describedBy } from './field-message.tsx';

interface TimeFieldProps {
  store: StoreSummary;
  orderType: OrderType;
  timings: AvailableTimings | undefined;
  loadFailed: boolean;
  /** "asap", a slot's instant, or null. */
  value: string | null;
  onChange: (when: string) => void;
  /** Why the store takes no orders at all (shop or store closed), when it does not. */
  closedReason: string | null;
  /** The way chosen is paused from the shop's Service screen: what the checkout says of it. */
  pausedReason?: string | null;
  /** Open, but closing before an order could be ready or delivered: ASAP is not offered. */
  closingSoon?: string | null;
  error?: string | null;
  notice?: string | null;
}

/** A choice's height (a bold line and a small one in a padded card) while the times load. */
const LOADING_CHOICE = 'flex min-h-[4.375rem] items-center rounded-xl border border-stone-300 p-3';

/**
 * ASAP while the store is open and an order is ready (or delivered) by closing time ("about N
 * min"), or a slot from GET /api/available-timings, grouped by day; every time is the shop's,
 * as the server labels it.
 */
export function TimeField({
  store,
  orderType,
  timings,
  loadFailed,
  value,
  onChange,
  closedReason,
  pausedReason,
  closingSoon,
  error,
  notice,
}: TimeFieldProps) {
  const slots = timings?.days.flatMap((day) => day.slots) ?? [];
  const later = value !== null && value !== 'asap';
  const noTimes = timings && !timings.asap.available && slots.length === 0;
  const verb = orderType === 'delivery' ? 'Delivered' : 'Ready';

  return (
    <fieldset
      aria-describedby={describedBy(error && 'when-error', notice && 'when-notice')}
      data-field="when"
    >
      <legend className="text-xl font-semibold">
        {orderType === 'delivery' ? 'Delivery time' : 'Collection time'}
      </legend>
      {loadFailed ? (
        <p role="alert" className="mt-2">
          The times could not be loaded. Check your connection; they will be tried again.
        </p>
      ) : !timings ? (
        // The two choices' place (as soon as possible, a later time), so the cards below do not
        // move when the times arrive (a layout shift on a phone, docs/decisions/0048).
        <div className="mt-3 space-y-2" aria-busy="true">
          <p className={`${LOADING_CHOICE} text-stone-700`}>Loading the times…</p>
          <div aria-hidden="true" className={`${LOADING_CHOICE} animate-pulse bg-stone-100`} />
        </div>
      ) : noTimes ? (
        <p className="mt-2 font-medium text-red-800" data-testid="no-times">
          {closedReason ??
            // Paused from the shop's Service screen (issue 15): as the rule above the button says.
            pausedReason ??
            `${store.name} has no times left for ${orderType} in the coming days.`}
        </p>
      ) : (
        <div className="mt-3 space-y-2">
          <Choice
            name="when"
            checked={value === 'asap'}
            disabled={!timings.asap.available}
            onChange={() => onChange('asap')}
            aria-invalid={error ? true : undefined}
          >
            <span className="block font-semibold">As soon as possible</span>
            <span className="block text-sm text-stone-700">
              {timings.asap.available
                ? `${verb} in about ${timings.asap.minutes} min`
                : `Not available: ${
                    closingSoon ??
                    `${store.name} is closed right now${
                      store.status_text ? ` (${store.status_text})` : ''
                    }`
                  }.`}
            </span>
          </Choice>
          {slots.length ? (
            <div className={CHOICE_CLASS}>
              <input
                id="when-later"
                type="radio"
                name="when"
                className={RADIO_CLASS}
                checked={later}
                onChange={() => onChange(slots[0]!.at)}
              />
              <div className="min-w-0 flex-1">
                <label htmlFor="when-later" className="block cursor-pointer font-semibold">
                  At a later time
                </label>
                {later ? (
                  <>
                    <label htmlFor="when-slot" className="mt-2 block text-sm font-medium">
                      Time (shop time)
                    </label>
                    <Select
                      id="when-slot"
                      value={value}
                      onChange={(event) => onChange(event.target.value)}
                    >
                      {timings.days.map((day) => (
                        <optgroup key={day.date} label={day.label}>
                          {day.slots.map((slot) => (
                            <option key={slot.at} value={slot.at}>
                              {day.label}, {slot.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </Select>
                  </>
                ) : (
                  <span className="block text-sm text-stone-700">
                    Earliest: {timings.days[0]!.label}, {slots[0]!.label}
                  </span>
                )}
              </div>
            </div>
          ) : null}
        </div>
      )}
      {notice ? (
        <p id="when-notice" role="status" className="mt-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      <FieldError id="when-error" message={error} />
    </fieldset>
  );
}

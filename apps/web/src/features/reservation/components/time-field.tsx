import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';

/** product.md §2's placeholder. */
export const TIME_PLACEHOLDER = 'Pick a Time';

export type SlotsState =
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; slots: readonly string[]; isToday: boolean };

interface TimeFieldProps {
  id: string;
  value: string;
  state: SlotsState;
  errorId?: string;
  selectRef?: Ref<HTMLSelectElement>;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  /** The restaurant takes no bookings now (its closed switch): another date would not help. */
  closed?: boolean;
}

/**
 * The time dropdown, filled from the chosen date's timings. It never sits empty without saying
 * why: while the times load it says so, a failed call offers Retry, a full day says it is full.
 */
export function TimeField({
  id,
  value,
  state,
  errorId,
  selectRef,
  onChange,
  onBlur,
  closed = false,
}: TimeFieldProps) {
  const slots = state.kind === 'ready' ? state.slots : [];
  const statusId = `${id}-status`;
  const status =
    state.kind === 'loading'
      ? 'Loading the times for this date…'
      : state.kind === 'failed'
        ? 'We could not load the times for this date.'
        : slots.length === 0
          ? closed
            ? 'No times while the restaurant is closed.'
            : state.isToday
              ? 'There are no more times to book today. Please choose another date.'
              : 'There are no times to book on this date. Please choose another date.'
          : null;
  const describedBy = [status ? statusId : '', errorId ?? ''].filter(Boolean).join(' ');
  return (
    <>
      <select
        ref={selectRef}
        id={id}
        name="time"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={slots.length === 0}
        aria-invalid={Boolean(errorId)}
        aria-describedby={describedBy || undefined}
        className={inputClass({ className: 'h-12' })}
      >
        <option value="">{TIME_PLACEHOLDER}</option>
        {slots.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </select>
      <div aria-live="polite">
        {status ? (
          <p
            id={statusId}
            className={`mt-1 text-sm ${state.kind === 'failed' ? 'text-red-800' : 'text-stone-700'}`}
          >
            {status}
          </p>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <button
          type="button"
          onClick={state.retry}
          className={buttonClass({ variant: 'outline', className: 'mt-2 text-sm' })}
        >
          Retry
        </button>
      ) : null}
    </>
  );
}

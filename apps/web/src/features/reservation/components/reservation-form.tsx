import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  PEOPLE_OPTIONS,
  RESERVATION_MESSAGE_MAX_LENGTH,
  ZBookingRequest,
  type BookingInput,
  type BookingRequest,
} from '@servery/contract/reservation';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { useGetReservationTimingsQuery } from '../api.ts';
import { addDays, timeForSlots } from '../reservation-dates.ts';
import { useBookTable } from '../use-book-table.ts';
import { DateField } from './date-field.tsx';
import { FIELD, INPUT, LABEL, PRIMARY } from './styles.ts';
import { TimeField, type SlotsState } from './time-field.tsx';

export const PEOPLE_PLACEHOLDER = 'Number of People';

type ContactField = { name: 'name' | 'email' | 'phone'; label: string; hint?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength'
>;

const CONTACT_FIELDS: readonly ContactField[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel-national',
    inputMode: 'numeric',
    // SPEC §2 and §9: exactly 11 characters.
    maxLength: 11,
    hint: '11 digits, such as 07700900123.',
  },
];

const emptyForm = (today: string): BookingInput => ({
  date: today,
  time: '',
  number_of_people: '',
  name: '',
  email: '',
  phone: '',
  message: '',
});

/** The error of a field, and the attributes that tie it to the field (WCAG 1.3.1, 3.3.1). */
const errorProps = (id: string, message: string | undefined, also?: string) => ({
  'aria-invalid': Boolean(message),
  'aria-describedby':
    [message ? `${id}-error` : '', also ?? ''].filter(Boolean).join(' ') || undefined,
});

/**
 * SPEC §2 "Reservation screen" and §5: validated with the contract's schema; errors show from
 * the first submit attempt on (SPEC §4), each tied to its field. Submitting: use-book-table.ts.
 */
export function ReservationForm({ today }: { today: string }) {
  const form = useForm<BookingInput, unknown, BookingRequest>({
    resolver: zodResolver(ZBookingRequest),
    defaultValues: emptyForm(today),
    // Focus goes to the first field in error in reading order (see handleInvalid).
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const [date, message = ''] = useWatch({ control: form.control, name: ['date', 'message'] });
  const timings = useGetReservationTimingsQuery(date, { skip: !date });
  const settings = timings.data;
  const slots = timings.currentData?.slots;

  // SPEC §4: today picks its first remaining slot as soon as its slots are known.
  const autoPick = useRef(true);
  const [pickRound, setPickRound] = useState(0);
  useEffect(() => {
    if (!slots) return;
    const current = form.getValues('time');
    const time = timeForSlots({ date, today, slots, current, autoPick: autoPick.current });
    autoPick.current = false;
    if (time !== current)
      form.setValue('time', time, { shouldValidate: form.formState.isSubmitted });
  }, [slots, date, today, form, pickRound]);

  const handleChooseDate = (chosen: string) => {
    form.clearErrors('date');
    if (chosen === date) return;
    autoPick.current = chosen === today;
    form.setValue('date', chosen, { shouldValidate: form.formState.isSubmitted });
    if (chosen !== today) form.setValue('time', '', { shouldValidate: form.formState.isSubmitted });
  };

  const startAgain = () => {
    form.reset(emptyForm(today));
    autoPick.current = true;
    setPickRound((n) => n + 1);
  };

  const { submit, booked } = useBookTable(settings, {
    onBooked: () => form.reset(emptyForm(today)),
    onRefused: startAgain,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const handleInvalid = () => {
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(submit, handleInvalid)(event);

  const slotsState: SlotsState = slots
    ? { kind: 'ready', slots, isToday: date === today }
    : timings.isError && !timings.isFetching
      ? { kind: 'failed', retry: () => void timings.refetch() }
      : { kind: 'loading' };
  const last = settings ? addDays(today, settings.booking_days_allowed) : undefined;
  const tooLong = message.length > RESERVATION_MESSAGE_MAX_LENGTH;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby="reservation-title">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="reservation-date" className={LABEL}>
            Date
          </label>
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => (
              <DateField
                id="reservation-date"
                value={field.value}
                first={today}
                last={last}
                invalid={Boolean(errors.date)}
                describedBy={
                  errors.date
                    ? 'reservation-date-hint reservation-date-error'
                    : 'reservation-date-hint'
                }
                onChoose={handleChooseDate}
                onInputError={(error) =>
                  form.setError('date', { type: `code-${error.code}`, message: error.message })
                }
                onBlur={field.onBlur}
              />
            )}
          />
          <p id="reservation-date-hint" className="sr-only">
            Press Enter to choose a date from the calendar.
          </p>
          <FieldError id="reservation-date-error" message={errors.date?.message} />
        </div>
        <div>
          <label htmlFor="reservation-time" className={LABEL}>
            Time
          </label>
          <Controller
            control={form.control}
            name="time"
            render={({ field }) => (
              <TimeField
                id="reservation-time"
                value={field.value}
                state={slotsState}
                errorId={errors.time ? 'reservation-time-error' : undefined}
                selectRef={field.ref}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <FieldError id="reservation-time-error" message={errors.time?.message} />
        </div>
        <div>
          <label htmlFor="reservation-people" className={LABEL}>
            Number of people
          </label>
          <select
            id="reservation-people"
            className={FIELD}
            {...errorProps('reservation-people', errors.number_of_people?.message)}
            {...form.register('number_of_people')}
          >
            <option value="">{PEOPLE_PLACEHOLDER}</option>
            {PEOPLE_OPTIONS.map((people) => (
              <option key={people} value={people}>
                {people}
              </option>
            ))}
          </select>
          <FieldError id="reservation-people-error" message={errors.number_of_people?.message} />
        </div>
        {CONTACT_FIELDS.map(({ name, label, hint, ...input }) => {
          const id = `reservation-${name}`;
          const error = errors[name]?.message;
          return (
            <div key={name}>
              <label htmlFor={id} className={LABEL}>
                {label}
              </label>
              <input
                id={id}
                className={FIELD}
                {...input}
                {...errorProps(id, error, hint ? `${id}-hint` : undefined)}
                {...form.register(name)}
              />
              {hint ? (
                <p id={`${id}-hint`} className="mt-1 text-sm text-stone-700">
                  {hint}
                </p>
              ) : null}
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}
      </div>
      <div className="mt-5">
        <label htmlFor="reservation-message" className={LABEL}>
          Message <span className="font-normal text-stone-700">(optional)</span>
        </label>
        <textarea
          id="reservation-message"
          rows={4}
          className={INPUT}
          {...errorProps(
            'reservation-message',
            errors.message?.message,
            'reservation-message-count',
          )}
          {...form.register('message')}
        />
        <p
          id="reservation-message-count"
          className={`mt-1 text-right text-sm ${tooLong ? 'font-semibold text-red-800' : 'text-stone-700'}`}
        >
          {message.length} / {RESERVATION_MESSAGE_MAX_LENGTH} characters
        </p>
        <FieldError id="reservation-message-error" message={errors.message?.message} />
      </div>
      <button
        type="submit"
        disabled={isSubmitting || booked}
        aria-busy={isSubmitting}
        className={`${PRIMARY} mt-6 w-full sm:w-auto`}
      >
        Submit
      </button>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { BookingInput, BookingRequest } from '@servery/contract/reservation';
import {
  PEOPLE_OPTIONS,
  RESERVATION_MESSAGE_MAX_LENGTH,
} from '@servery/contract/reservation-rules';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { errorId, Input, LABEL_CLASS, Select, Textarea } from '../../../components/ui/input.tsx';
import { toastServerError } from '../../../lib/api.ts';
import { useFormState, type FormResolution } from '../../../lib/form-state.ts';
import { serverRefusal } from '../../../lib/server-error.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/toast.ts';
import { useGetReservationTimingsQuery } from '../api.ts';
import { addDays, timeForSlots } from '../reservation-dates.ts';
import { useBookTable } from '../use-book-table.ts';
import { DateField } from './date-field.tsx';
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
    autoComplete: 'tel',
    inputMode: 'tel',
    // product.md §9 keeps 11 digits; a UK number is taken in any common spelling (issue 30).
    hint: 'A UK number, such as 07700 900123 or +44 7700 900123.',
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
    [message ? errorId(id) : '', also ?? ''].filter(Boolean).join(' ') || undefined,
});

type BookingCheck = (values: BookingInput) => FormResolution<BookingInput, BookingRequest>;
let loadedCheck: BookingCheck | undefined;
const loadCheck = () =>
  import('../booking-resolver.ts').then((m) => (loadedCheck = m.checkBooking));

/**
 * The contract's schema checks the form; it (and zod) arrive when the visitor first comes to the
 * form, not with the page (issue 33's budget of 130 KB, decisions 0048 and 0063), and at the
 * latest with the first check. Once here it is called directly, so a check takes no longer.
 */
const checkBooking = async (values: BookingInput) => (loadedCheck ?? (await loadCheck()))(values);

/**
 * product.md §2 "Reservation screen" and §5: validated with the contract's schema; errors show from
 * the first submit attempt on (product.md §4), each tied to its field. Submitting: use-book-table.ts.
 */
export function ReservationForm({ today }: { today: string }) {
  // The form's state without react-hook-form (lib/form-state.ts): checked on submit, then field
  // by field as it changes. Focus goes to the first field in error in reading order (handleInvalid).
  const { form, values, errors, submitting } = useFormState<BookingInput, BookingRequest>(
    emptyForm(today),
    checkBooking,
  );
  const { date, message = '' } = values;
  const timings = useGetReservationTimingsQuery(date, { skip: !date });
  const settings = timings.data;
  const slots = timings.currentData?.slots;

  // product.md §4: today picks its first remaining slot as soon as its slots are known.
  const autoPick = useRef(true);
  const [pickRound, setPickRound] = useState(0);
  useEffect(() => {
    if (!slots) return;
    const current = form.getValues().time;
    const time = timeForSlots({ date, today, slots, current, autoPick: autoPick.current });
    autoPick.current = false;
    if (time !== current) form.setValue('time', time, { recheck: true });
  }, [slots, date, today, form, pickRound]);

  const handleChooseDate = (chosen: string) => {
    form.clearErrors('date');
    if (chosen === date) return;
    autoPick.current = chosen === today;
    form.setValue('date', chosen, { recheck: true });
    if (chosen !== today) form.setValue('time', '', { recheck: true });
  };

  /**
   * product.md §4: a refused booking toasts the server's message and resets the form. Its field
   * errors are not placed: they speak of the values sent, and after the reset those are gone (a
   * full time's message under the time picked afresh would be wrong). The toast is gone in three
   * seconds and, on a phone, shows two lines; what the server said (the nearest free times, the
   * phone number it could not take) stays in a note above Submit until the next try.
   */
  const [refused, setRefused] = useState<Refused | null>(null);
  const startAgain = (error: unknown, message: string | null) => {
    form.reset(emptyForm(today));
    autoPick.current = true;
    setPickRound((n) => n + 1);
    if (error) toastServerError(error, { silentOn: [401] });
    setRefused(refusedNote(error, message));
  };

  const { submit, booked } = useBookTable(settings, {
    onBooked: () => form.reset(emptyForm(today)),
    onRefused: startAgain,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Focus goes to the first field in error once the errors are drawn: after the render they
  // cause, not on a timer that may run before it.
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  useEffect(() => {
    if (invalidSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidSubmits]);
  const handleInvalid = () => setInvalidSubmits((n) => n + 1);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    setRefused(null);
    form.handleSubmit(submit, handleInvalid)(event);
  };
  const time = form.register('time');

  const slotsState: SlotsState = slots
    ? { kind: 'ready', slots, isToday: date === today }
    : timings.isError && !timings.isFetching
      ? { kind: 'failed', retry: () => void timings.refetch() }
      : { kind: 'loading' };
  const last = settings ? addDays(today, settings.booking_days_allowed) : undefined;
  const tooLong = message.length > RESERVATION_MESSAGE_MAX_LENGTH;

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      onFocus={() => void loadCheck()}
      noValidate
      aria-labelledby="reservation-title"
    >
      {/* The shop or its main store closed until further notice: said before the fields, in the
          shop's words, rather than found out on Submit (walk item 3). */}
      {settings?.closed_message ? (
        <div
          role="status"
          className="mb-6 rounded-md border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-950"
        >
          <p className="font-semibold">No tables can be booked right now.</p>{' '}
          <p className="mt-1">{settings.closed_message}</p>
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="reservation-date" className={LABEL_CLASS}>
            Date
          </label>
          <DateField
            id="reservation-date"
            value={date}
            first={today}
            last={last}
            invalid={Boolean(errors.date)}
            describedBy={
              errors.date ? 'reservation-date-hint reservation-date-error' : 'reservation-date-hint'
            }
            onChoose={handleChooseDate}
            onInputError={(error) =>
              form.setError('date', { type: `code-${error.code}`, message: error.message })
            }
          />
          <p id="reservation-date-hint" className="sr-only">
            Press Enter to choose a date from the calendar.
          </p>
          <FieldError id="reservation-date-error" message={errors.date?.message} />
        </div>
        <div>
          <label htmlFor="reservation-time" className={LABEL_CLASS}>
            Time
          </label>
          <TimeField
            id="reservation-time"
            value={time.value}
            state={slotsState}
            errorId={errors.time ? 'reservation-time-error' : undefined}
            selectRef={time.ref}
            onChange={time.onChange}
            closed={Boolean(settings?.closed_message)}
          />
          <FieldError id="reservation-time-error" message={errors.time?.message} />
        </div>
        <div>
          <label htmlFor="reservation-people" className={LABEL_CLASS}>
            Number of people
          </label>
          <Select
            id="reservation-people"
            className="h-12"
            {...errorProps('reservation-people', errors.number_of_people?.message)}
            {...form.register('number_of_people')}
          >
            <option value="">{PEOPLE_PLACEHOLDER}</option>
            {PEOPLE_OPTIONS.map((people) => (
              <option key={people} value={people}>
                {people}
              </option>
            ))}
          </Select>
          <FieldError id="reservation-people-error" message={errors.number_of_people?.message} />
        </div>
        {CONTACT_FIELDS.map(({ name, label, hint, ...input }) => {
          const id = `reservation-${name}`;
          const error = errors[name]?.message;
          return (
            <div key={name}>
              <label htmlFor={id} className={LABEL_CLASS}>
                {label}
              </label>
              <Input
                id={id}
                className="h-12"
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
        <label htmlFor="reservation-message" className={LABEL_CLASS}>
          Message <span className="font-normal text-stone-700">(optional)</span>
        </label>
        <Textarea
          id="reservation-message"
          rows={4}
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
      {refused && (
        <div
          role="status"
          className="mt-6 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-sm text-red-950"
        >
          <p className="font-semibold">Your table was not booked.</p>
          <p className="mt-1">{refused.message}</p>
          {refused.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {refused.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Button
        type="submit"
        disabled={submitting || booked || Boolean(settings?.closed_message)}
        aria-busy={submitting}
        className="mt-6 w-full sm:w-auto"
      >
        Submit
      </Button>
    </form>
  );
}

/** What the last refused try was told, kept in sight after the form started again. */
interface Refused {
  message: string;
  /** The server's words on the fields it named, each once, beside its message. */
  details: string[];
}

/**
 * The note for a refusal: the answer's message and its field messages (a 4xx), the toast's own
 * words for a failure of ours or the network; none for a 401 (the sign-in takes over).
 */
function refusedNote(error: unknown, message: string | null): Refused | null {
  if (!error) return message ? { message, details: [] } : null;
  const refusal = serverRefusal(error);
  if (refusal?.status === 401) return null;
  if (!refusal || refusal.status >= 500 || !refusal.message) {
    return { message: NETWORK_ERROR_MESSAGE, details: [] };
  }
  const said = refusal.message;
  const details = [...new Set(Object.values(refusal.errors))].filter((d) => d !== said);
  return { message: said, details };
}

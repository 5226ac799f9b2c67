import { useMemo, useState, type ComponentProps } from 'react';
import { useForm, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { slotClockTime } from '@servery/contract/clock';
import { placeAdminErrors } from '../admin-form-errors.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import {
  addBookingSchema,
  blankBooking,
  type AddBookingBody,
  type AddBookingValues,
} from './add-booking-schema.ts';
import { useAddBookingMutation } from './diary-api.ts';
import { PartyStepper } from './party-stepper.tsx';
import { formResolver } from '../../lib/plain-words.ts';

/**
 * The quick "add booking" form: a phone booking, or a walk-in seated now. react-hook-form with
 * the contract's schema (add-booking-schema.ts); the server checks it again, with the capacity
 * in the database, and its field errors land on the fields.
 */
export function AddBookingForm({
  date,
  times,
  isToday,
  mayOverbook,
  onDone,
}: {
  date: string;
  times: string[];
  isToday: boolean;
  mayOverbook: boolean;
  onDone: (message: string) => void;
}) {
  const [add, adding] = useAddBookingMutation();
  const schema = useMemo(() => addBookingSchema(date), [date]);
  const form = useForm<AddBookingValues, unknown, AddBookingBody>({
    resolver: formResolver(schema),
    defaultValues: blankBooking(times),
  });
  const { errors } = form.formState;
  const [problem, setProblem] = useState('');
  const handleSubmit = form.handleSubmit(
    async (body) => {
      setProblem('');
      const result = await add(body);
      if ('error' in result) return setProblem(placeAdminErrors(result.error, form.setError));
      form.reset(blankBooking(times));
      const { name, covers, source, time } = result.data;
      onDone(
        `${name}, ${covers}: ${source === 'walk_in' ? 'seated' : `booked for ${slotClockTime(time)}`}.`,
      );
    },
    () => setProblem(''),
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <SourceChoice
        register={form.register('source')}
        isToday={isToday}
        dateError={errors.date?.message}
      />
      <BookingFields form={form} times={times} mayOverbook={mayOverbook} />
      <ProblemLine message={problem} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button
          type="submit"
          className={buttonClass({ size: 'lg' })}
          disabled={adding.isLoading || times.length === 0}
        >
          Add booking
        </button>
      </div>
    </form>
  );
}

/** When, how many, who, and how to reach them. */
function BookingFields({
  form,
  times,
  mayOverbook,
}: {
  form: UseFormReturn<AddBookingValues, unknown, AddBookingBody>;
  times: string[];
  mayOverbook: boolean;
}) {
  const { errors } = form.formState;
  const input = (name: keyof AddBookingValues) => ({
    ...form.register(name),
    'aria-invalid': Boolean(errors[name]),
    ...(errors[name] ? { 'aria-describedby': `add-${name}-error` } : {}),
  });
  return (
    <>
      <label className="block font-semibold">
        Time
        <select className={inputClass({ size: 'lg' })} {...input('time')}>
          {times.map((time) => (
            <option key={time} value={time}>
              {slotClockTime(time)}
            </option>
          ))}
        </select>
        <AddFieldError name="time" message={errors.time?.message} />
      </label>
      <PartyStepper
        id="add-number_of_people"
        control={form.control}
        name="number_of_people"
        error={errors.number_of_people?.message}
      />
      <BookingInput
        label="Name"
        error={errors.name?.message}
        autoComplete="off"
        {...input('name')}
      />
      <BookingInput
        label="Phone (optional)"
        error={errors.phone?.message}
        type="tel"
        autoComplete="off"
        {...input('phone')}
      />
      <BookingInput
        label="E-mail (optional: the guest gets the confirmation)"
        error={errors.email?.message}
        type="email"
        autoComplete="off"
        {...input('email')}
      />
      <BookingInput
        label="Note (optional)"
        error={errors.message?.message}
        maxLength={200}
        {...input('message')}
      />
      {mayOverbook && (
        <label className="flex min-h-12 items-center gap-3 sm:col-span-2">
          <input type="checkbox" className="size-5 shrink-0" {...form.register('over_capacity')} />
          Take them even if the time is full (overbook)
        </label>
      )}
    </>
  );
}

function AddFieldError({ name, message }: { name: string; message: string | undefined }) {
  return message ? (
    <span id={`add-${name}-error`} className="mt-1 block font-semibold text-red-700">
      {message}
    </span>
  ) : null;
}

/** One labelled input of the form, its error under it. */
function BookingInput({
  label,
  error,
  ...props
}: { label: string; error: string | undefined } & ComponentProps<'input'>) {
  return (
    <label className="block font-semibold">
      {label}
      <input className={inputClass({ size: 'lg' })} {...props} />
      <AddFieldError name={String(props.name)} message={error} />
    </label>
  );
}

function SourceChoice({
  register,
  isToday,
  dateError,
}: {
  register: UseFormRegisterReturn<'source'>;
  isToday: boolean;
  dateError: string | undefined;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-semibold">Who is it?</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        <label className="flex min-h-12 items-center gap-2">
          <input type="radio" value="phone" className="size-5 shrink-0" {...register} />A booking by
          phone
        </label>
        <label className="flex min-h-12 items-center gap-2">
          <input
            type="radio"
            value="walk_in"
            className="size-5 shrink-0"
            disabled={!isToday}
            {...register}
          />
          A walk-in, seated now{!isToday && ' (today only)'}
        </label>
      </div>
      <AddFieldError name="date" message={dateError} />
    </fieldset>
  );
}

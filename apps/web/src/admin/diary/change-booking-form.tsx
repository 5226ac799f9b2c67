import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NOTHING_TO_CHANGE, type DiaryBooking, type DiarySlot } from '@servery/contract/diary';
import { DATE_PATTERN } from '@servery/contract/reservation-rules';
import { isSlotAhead, slotClockTime, slotMinutes } from '@servery/contract/clock';
import { useSessionQuery } from '../admin-api.ts';
import { serverNow } from '../server-clock.ts';
import { placeAdminErrors } from '../admin-form-errors.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import {
  changeBookingSchema,
  changesNothing,
  changeValuesOf,
  type ChangeBookingBody,
  type ChangeBookingValues,
} from './change-booking-schema.ts';
import { useChangeBookingMutation, useDiaryDayQuery } from './diary-api.ts';
import { dayLabels, shopToday } from './diary-dates.ts';
import { PartyStepper } from './party-stepper.tsx';
import { formResolver } from '../../lib/plain-words.ts';

/**
 * "Change…" on a booked party: another date, time or party size, in place, so the guest keeps
 * their details and is e-mailed the change rather than a cancellation. The times are the chosen
 * day's, as the add form offers them, each with the seats still free; the server checks the
 * room again in the database and its field errors land on the fields.
 */
export function ChangeBookingForm({
  booking,
  onDone,
  onBack,
}: {
  booking: DiaryBooking;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const session = useSessionQuery().data;
  const timeZone = session?.shop.timeZone ?? 'Europe/London';
  const today = shopToday(timeZone, new Date(serverNow()));
  const mayOverbook = session?.permissions.includes('bookings:override_capacity') ?? false;
  const [save, saving] = useChangeBookingMutation();
  const schema = useMemo(() => changeBookingSchema(today), [today]);
  const form = useForm<ChangeBookingValues, unknown, ChangeBookingBody>({
    resolver: formResolver(schema),
    defaultValues: changeValuesOf(booking),
  });
  const { errors } = form.formState;
  const [problem, setProblem] = useState('');
  const date = useWatch({ control: form.control, name: 'date' });
  const day = useDiaryDayQuery(date, { skip: !DATE_PATTERN.test(date) });
  // Only times still ahead, as the booking form offers a guest (walk 2, item 6), and the party's
  // own time, so that its size may change after it has come.
  const slots = useMemo(() => {
    const now = new Date(serverNow());
    return (day.data?.services.flatMap((s) => s.slots) ?? []).filter(
      (slot) =>
        (date === booking.date && slot.time === booking.time) ||
        isSlotAhead(date, slotMinutes(slot.time), now, timeZone),
    );
  }, [day.data, date, booking.date, booking.time, timeZone]);
  const loaded = day.data?.date === date;

  // A time the new day does not have is no choice: the box asks for one instead.
  const { getValues, setValue } = form;
  // Set again once the day's times are in, so the box shows the one chosen.
  useEffect(() => {
    if (!loaded) return;
    const time = getValues('time');
    setValue('time', slots.some((slot) => slot.time === time) ? time : '');
  }, [loaded, slots, getValues, setValue]);

  const handleSubmit = form.handleSubmit(async (body) => {
    setProblem('');
    if (changesNothing(booking, body)) return setProblem(NOTHING_TO_CHANGE);
    const result = await save({ id: booking.id, ...body });
    if ('error' in result) return setProblem(placeAdminErrors(result.error, form.setError));
    const { name, covers, time } = result.data;
    onDone(
      `${name}: now ${covers} ${covers === 1 ? 'person' : 'people'} on ${dayLabels(result.data.date).long} at ${slotClockTime(time)}.`,
    );
  });

  const id = (name: string) => `change-${booking.id}-${name}`;
  const described = (name: keyof ChangeBookingValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) } : {};
  return (
    <form
      noValidate
      aria-label={`Change ${booking.name}’s booking`}
      className="mt-3 space-y-3 rounded-xl bg-stone-100 p-3 print:hidden"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block font-semibold">
          Date
          <input
            type="date"
            min={today}
            className={inputClass({ size: 'lg' })}
            {...form.register('date')}
            {...described('date')}
          />
          <FieldError id={id('date-error')} message={errors.date?.message} />
        </label>
        <label className="block font-semibold">
          Time
          <select
            className={inputClass({ size: 'lg' })}
            disabled={!loaded}
            {...form.register('time')}
            {...described('time')}
          >
            <option value="" disabled>
              {loaded ? 'Choose a time' : 'Loading the day’s times…'}
            </option>
            {slots.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {slotLabel(slot, booking, date)}
              </option>
            ))}
          </select>
          <FieldError id={id('time-error')} message={errors.time?.message} />
          {loaded && slots.length === 0 && (
            <span className="mt-1 block">The restaurant takes no bookings on this day.</span>
          )}
        </label>
        <PartyStepper
          id={id('number_of_people')}
          control={form.control}
          name="number_of_people"
          error={errors.number_of_people?.message}
        />
      </div>
      {mayOverbook && (
        <label className="flex min-h-12 items-center gap-3">
          <input type="checkbox" className="size-5 shrink-0" {...form.register('over_capacity')} />
          Move them even if the time is full (overbook)
        </label>
      )}
      <p>
        {booking.email
          ? `${booking.email} is e-mailed the booking as it will stand.`
          : 'No e-mail address: tell the guest yourself.'}
      </p>
      <ProblemLine message={problem} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass({ size: 'lg' })} disabled={saving.isLoading}>
          {booking.email ? 'Save and e-mail the guest' : 'Save the change'}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'lg' })}
          onClick={onBack}
        >
          Keep as it is
        </button>
      </div>
    </form>
  );
}

/** A time with the seats it has left for this party (its own seats count as free in its slot). */
function slotLabel(slot: DiarySlot, booking: DiaryBooking, date: string) {
  const own = date === booking.date && slot.time === booking.time ? booking.covers : 0;
  const free = slot.capacity - slot.covers + own;
  return `${slotClockTime(slot.time)} · ${free > 0 ? `${free} free` : 'full'}`;
}

import { useState, type FormEvent } from 'react';
import { WEEKDAYS, type OpeningRange, type Weekday } from '@servery/contract/opening-hours';
import type { ServiceStore, SpecialDay } from '@servery/contract/service';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { useSaveHoursMutation, useSaveSpecialDaysMutation } from './service-api.ts';

/** A time input sized to its value, so a range fits on one line of a phone. */
const TIME =
  'min-h-12 rounded-xl border-2 border-stone-400 bg-white px-3 text-base outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700';
const label = (day: string) => day[0]!.toUpperCase() + day.slice(1);

/** One opening range: two time inputs and a remove button, with the server's complaint. */
function RangeRow({
  range,
  name,
  error,
  onChange,
  onRemove,
}: {
  range: OpeningRange;
  name: string;
  error: string | undefined;
  onChange: (range: OpeningRange) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="time"
        aria-label={`${name} opens`}
        aria-invalid={Boolean(error)}
        className={TIME}
        value={range.opens}
        onChange={(e) => onChange({ ...range, opens: e.target.value })}
      />
      <span aria-hidden="true">to</span>
      <input
        type="time"
        aria-label={`${name} closes`}
        aria-invalid={Boolean(error)}
        className={TIME}
        value={range.closes}
        onChange={(e) => onChange({ ...range, closes: e.target.value })}
      />
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={onRemove}
      >
        Remove
      </button>
      {error && <p className="w-full text-red-700">{error}</p>}
    </div>
  );
}

/** The week's opening hours: several ranges a day; a range closing before it opens runs past midnight. */
export function HoursEditor({ store }: { store: ServiceStore }) {
  const [hours, setHours] = useState(store.hours);
  const [save, saving] = useSaveHoursMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const setDay = (day: Weekday, ranges: OpeningRange[]) => setHours({ ...hours, [day]: ranges });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ id: store.id, hours });
    setErrors(result.error ? adminFieldErrors(result.error) : {});
    setNotice(result.error ? adminErrorMessage(result.error) : 'Opening hours saved.');
  }

  return (
    <form onSubmit={handleSubmit} className={`${CARD_CLASS} space-y-4`} noValidate>
      <h2 className="text-2xl font-bold">Opening hours</h2>
      <p className="text-stone-700">A range that closes before it opens runs past midnight.</p>
      {WEEKDAYS.map((day) => {
        const ranges = hours[day] ?? [];
        return (
          <fieldset key={day} className="space-y-2">
            <legend className="text-lg font-semibold">
              {label(day)}
              {ranges.length === 0 ? ': closed' : ''}
            </legend>
            {ranges.map((range, index) => (
              <RangeRow
                key={index}
                range={range}
                name={`${label(day)} range ${index + 1}`}
                error={errors[`hours.${day}.${index}`]}
                onChange={(next) =>
                  setDay(
                    day,
                    ranges.map((r, i) => (i === index ? next : r)),
                  )
                }
                onRemove={() =>
                  setDay(
                    day,
                    ranges.filter((_, i) => i !== index),
                  )
                }
              />
            ))}
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setDay(day, [...ranges, { opens: '17:00', closes: '22:00' }])}
            >
              Add a range on {label(day)}
            </button>
          </fieldset>
        );
      })}
      <p role="status" className="min-h-6">
        {notice}
      </p>
      <button type="submit" className={buttonClass({ size: 'lg' })} disabled={saving.isLoading}>
        Save opening hours
      </button>
    </form>
  );
}

/** Dates closed, or with other hours than the weekday's. */
export function SpecialDaysEditor({ store }: { store: ServiceStore }) {
  const [days, setDays] = useState<SpecialDay[]>(store.special_days);
  const [save, saving] = useSaveSpecialDaysMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const change = (index: number, day: SpecialDay) =>
    setDays(days.map((d, i) => (i === index ? day : d)));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ id: store.id, special_days: days });
    setErrors(result.error ? adminFieldErrors(result.error) : {});
    setNotice(result.error ? adminErrorMessage(result.error) : 'Special days saved.');
  }

  return (
    <form onSubmit={handleSubmit} className={`${CARD_CLASS} space-y-4`} noValidate>
      <h2 className="text-2xl font-bold">Special days</h2>
      {days.length === 0 && <p>None: every day keeps its weekly hours.</p>}
      {days.map((day, index) => (
        <fieldset key={index} className="space-y-2 border-t border-stone-200 pt-3">
          <legend className="sr-only">Special day {index + 1}</legend>
          <label className="block font-semibold">
            Date
            <input
              type="date"
              className={inputClass({ size: 'lg' })}
              value={day.date}
              aria-invalid={Boolean(errors[`special_days.${index}.date`])}
              onChange={(e) => change(index, { ...day, date: e.target.value })}
            />
          </label>
          {errors[`special_days.${index}.date`] && (
            <p className="text-red-700">{errors[`special_days.${index}.date`]}</p>
          )}
          <label className="flex min-h-12 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              className="size-6"
              checked={day.closed}
              onChange={(e) =>
                change(index, {
                  ...day,
                  closed: e.target.checked,
                  hours: e.target.checked ? [] : [{ opens: '12:00', closes: '18:00' }],
                })
              }
            />
            Closed all day
          </label>
          {day.hours.map((range, r) => (
            <RangeRow
              key={r}
              range={range}
              name={`${day.date || 'Special day'} range ${r + 1}`}
              error={errors[`special_days.${index}.hours.${r}`]}
              onChange={(next) =>
                change(index, { ...day, hours: day.hours.map((h, i) => (i === r ? next : h)) })
              }
              onRemove={() => change(index, { ...day, hours: day.hours.filter((_, i) => i !== r) })}
            />
          ))}
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => setDays(days.filter((_, i) => i !== index))}
          >
            Remove this day
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={() => setDays([...days, { date: '', closed: true, hours: [] }])}
      >
        Add a special day
      </button>
      <p role="status" className="min-h-6">
        {notice}
      </p>
      <button type="submit" className={buttonClass({ size: 'lg' })} disabled={saving.isLoading}>
        Save special days
      </button>
    </form>
  );
}

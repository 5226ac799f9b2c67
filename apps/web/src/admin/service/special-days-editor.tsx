import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  ZSpecialDaysRequest,
  type ServiceStore,
  type SpecialDaysRequest,
} from '@servery/contract/service';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { firstErrorMessage, placeAdminErrors } from '../admin-form-errors.ts';
import { RangeRow, rangeMessage } from './range-row.tsx';
import { ScopeLine } from './scope-line.tsx';
import { useSaveSpecialDaysMutation } from './service-api.ts';
import { formResolver } from '../../lib/plain-words.ts';

type DaysValues = z.input<typeof ZSpecialDaysRequest>;
type DaysForm = UseFormReturn<DaysValues, unknown, SpecialDaysRequest>;

/**
 * Dates closed, or with other hours than the weekday's: react-hook-form with the contract's
 * schema (a date once, a closed day without hours, an open one with them).
 */
export function SpecialDaysEditor({ store }: { store: ServiceStore }) {
  const [save, saving] = useSaveSpecialDaysMutation();
  const form = useForm<DaysValues, unknown, SpecialDaysRequest>({
    resolver: formResolver(ZSpecialDaysRequest),
    defaultValues: { special_days: store.special_days },
  });
  const days = useFieldArray({ control: form.control, name: 'special_days' });
  const [notice, setNotice] = useState('');
  // Once saving has been tried, the dates are checked again on each change, so "… is in the list
  // twice" (and its line by Save) goes as soon as either of the two changes (walk 2, item 25).
  const checkAgain = () => {
    if (!form.formState.isSubmitted) return;
    void form.trigger('special_days').then((valid) => {
      if (valid) setNotice('');
    });
  };

  const handleSubmit = form.handleSubmit(
    async (body) => {
      const result = await save({ id: store.id, ...body });
      // Saved, the form is what is saved: nothing to save until it changes again.
      if (!result.error) form.reset(form.getValues());
      setNotice(
        result.error ? placeAdminErrors(result.error, form.setError) : 'Special days saved.',
      );
    },
    (errors) => setNotice(firstErrorMessage(errors) ?? ''),
  );

  return (
    <form onSubmit={handleSubmit} className={`${CARD_CLASS} space-y-4`} noValidate>
      <div>
        <h2 className="text-2xl font-bold">Special days</h2>
        <ScopeLine store={store.name} />
      </div>
      {days.fields.length === 0 && <p>None: every day keeps its weekly hours.</p>}
      {days.fields.map((day, index) => (
        <SpecialDay
          key={day.id}
          index={index}
          form={form}
          onDateChange={checkAgain}
          onRemove={() => {
            days.remove(index);
            checkAgain();
          }}
        />
      ))}
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={() => days.append({ date: '', closed: true, hours: [] })}
      >
        Add a special day
      </button>
      <p role="status" className="min-h-6">
        {notice}
      </p>
      {/* As every save of the page: offered once the form differs from what is saved. */}
      <button
        type="submit"
        className={buttonClass({ size: 'lg' })}
        disabled={!form.formState.isDirty || saving.isLoading}
      >
        Save special days
      </button>
    </form>
  );
}

function SpecialDay({
  index,
  form,
  onDateChange,
  onRemove,
}: {
  index: number;
  form: DaysForm;
  onDateChange: () => void;
  onRemove: () => void;
}) {
  const base = `special_days.${index}` as const;
  const ranges = useFieldArray({ control: form.control, name: `${base}.hours` });
  const date = useWatch({ control: form.control, name: `${base}.date` });
  const errors = form.formState.errors.special_days?.[index];
  const hoursError = errors?.hours?.message ?? errors?.hours?.root?.message;
  return (
    <fieldset className="space-y-2 border-t border-stone-200 pt-3">
      <legend className="sr-only">Special day {index + 1}</legend>
      <label className="block font-semibold">
        Date
        <input
          type="date"
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(errors?.date)}
          {...form.register(`${base}.date`, {
            // Once saving has been tried, every date is checked again on each change, so "… is in
            // the list twice" goes as soon as either of the two is changed (walk 2, item 25).
            onChange: onDateChange,
          })}
        />
      </label>
      {errors?.date && <p className="text-red-700">{errors.date.message}</p>}
      <label className="flex min-h-12 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="size-6"
          {...form.register(`${base}.closed`, {
            onChange: (event: { target: { checked: boolean } }) =>
              ranges.replace(event.target.checked ? [] : [{ opens: '12:00', closes: '18:00' }]),
          })}
        />
        Closed all day
      </label>
      {ranges.fields.map((range, r) => (
        <RangeRow
          key={range.id}
          name={`${date || 'Special day'} range ${r + 1}`}
          opens={form.register(`${base}.hours.${r}.opens`)}
          closes={form.register(`${base}.hours.${r}.closes`)}
          error={rangeMessage(errors?.hours?.[r])}
          onRemove={() => ranges.remove(r)}
        />
      ))}
      {hoursError && <p className="text-red-700">{hoursError}</p>}
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={onRemove}
      >
        Remove this day
      </button>
    </fieldset>
  );
}

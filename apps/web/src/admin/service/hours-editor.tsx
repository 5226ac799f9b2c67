import { useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { WEEKDAYS, type Weekday } from '@servery/contract/opening-hours';
import { ZHoursRequest, type HoursRequest, type ServiceStore } from '@servery/contract/service';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { firstErrorMessage, placeAdminErrors } from '../admin-form-errors.ts';
import { RangeRow, rangeMessage } from './range-row.tsx';
import { ScopeLine } from './scope-line.tsx';
import { useSaveHoursMutation } from './service-api.ts';
import { formResolver } from '../../lib/plain-words.ts';

type HoursValues = z.input<typeof ZHoursRequest>;
type HoursForm = UseFormReturn<HoursValues, unknown, HoursRequest>;
const label = (day: string) => day[0]!.toUpperCase() + day.slice(1);

/**
 * The week's opening hours: several ranges a day; a range closing before it opens runs past
 * midnight. react-hook-form with the contract's schema, which refuses overlapping ranges on the
 * range that overlaps (the server checks again and its complaint lands there too).
 */
export function HoursEditor({ store }: { store: ServiceStore }) {
  const [save, saving] = useSaveHoursMutation();
  const form = useForm<HoursValues, unknown, HoursRequest>({
    resolver: formResolver(ZHoursRequest),
    // Every day, a closed one as no ranges: the form holds the whole week, so a day that is
    // not in the answer does not make the week look changed once a field array fills it in.
    defaultValues: {
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, store.hours[day] ?? []])),
    },
  });
  const [notice, setNotice] = useState('');

  const handleSubmit = form.handleSubmit(
    async (body) => {
      const result = await save({ id: store.id, ...body });
      // Saved, the form is what is saved: nothing to save until it changes again.
      if (!result.error) form.reset(form.getValues());
      setNotice(
        result.error ? placeAdminErrors(result.error, form.setError) : 'Opening hours saved.',
      );
    },
    (errors) => setNotice(firstErrorMessage(errors) ?? ''),
  );

  return (
    <form onSubmit={handleSubmit} className={`${CARD_CLASS} space-y-4`} noValidate>
      <div>
        <h2 className="text-2xl font-bold">Opening hours</h2>
        <ScopeLine store={store.name} />
      </div>
      <p className="text-stone-700">A range that closes before it opens runs past midnight.</p>
      {WEEKDAYS.map((day) => (
        <DayRanges key={day} day={day} form={form} />
      ))}
      <p role="status" className="min-h-6">
        {notice}
      </p>
      {/* As every save of the page: offered once the form differs from what is saved. */}
      <button
        type="submit"
        className={buttonClass({ size: 'lg' })}
        disabled={!form.formState.isDirty || saving.isLoading}
      >
        Save opening hours
      </button>
    </form>
  );
}

function DayRanges({ day, form }: { day: Weekday; form: HoursForm }) {
  const ranges = useFieldArray({ control: form.control, name: `hours.${day}` });
  const errors = form.formState.errors.hours?.[day];
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">
        {label(day)}
        {ranges.fields.length === 0 ? ': closed' : ''}
      </legend>
      {ranges.fields.map((range, index) => (
        <RangeRow
          key={range.id}
          name={`${label(day)} range ${index + 1}`}
          opens={form.register(`hours.${day}.${index}.opens`)}
          closes={form.register(`hours.${day}.${index}.closes`)}
          error={rangeMessage(errors?.[index])}
          onRemove={() => ranges.remove(index)}
        />
      ))}
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={() => ranges.append({ opens: '17:00', closes: '22:00' })}
      >
        Add a range on {label(day)}
      </button>
    </fieldset>
  );
}

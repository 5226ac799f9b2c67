import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZZonesPut, type StoreZones, type ZonesPut } from '@servery/contract/shop-editor';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { usePutZonesMutation } from './store-settings-api.ts';

const toPence = (pounds: string) => Math.round(Number(pounds.replace(/[£,\s]/g, '') || '0') * 100);
/** The rows as typed (pounds, empty minutes), turned into the contract's body and checked by it. */
const ZZonesForm = z
  .object({
    zones: z.array(
      z.object({
        area: z.string(),
        fee: z.string(),
        minimum_order: z.string(),
        travel_minutes: z.string(),
      }),
    ),
  })
  .transform((form) => ({
    zones: form.zones.map((zone) => ({
      area: zone.area,
      fee: toPence(zone.fee),
      minimum_order: toPence(zone.minimum_order),
      travel_minutes: zone.travel_minutes.trim() === '' ? null : Number(zone.travel_minutes),
    })),
  }))
  .pipe(ZZonesPut);
type ZonesForm = z.input<typeof ZZonesForm>;

const rowsOf = (zones: StoreZones): ZonesForm => ({
  zones: zones.zones.map((zone) => ({
    area: zone.area,
    fee: (zone.fee / 100).toFixed(2),
    minimum_order: (zone.minimum_order / 100).toFixed(2),
    travel_minutes: zone.travel_minutes === null ? '' : String(zone.travel_minutes),
  })),
});
const COLUMNS = [
  ['area', 'District or sector'],
  ['fee', 'Fee (£)'],
  ['minimum_order', 'Minimum (£)'],
  ['travel_minutes', 'Minutes on the road'],
] as const;

/** A store's delivery zones as rows; saved whole with the version read. */
export function ZonesEditor({
  zones,
  onMessage,
}: {
  zones: StoreZones;
  /** The save's outcome, shown by the page (a saved version starts this form afresh). */
  onMessage: (message: string) => void;
}) {
  const [put] = usePutZonesMutation();
  const [shown, setShown] = useState(zones);
  const form = useForm<ZonesForm, unknown, ZonesPut>({
    resolver: zodResolver(ZZonesForm),
    defaultValues: rowsOf(zones),
  });
  const rows = useFieldArray({ control: form.control, name: 'zones' });
  const rowError = (index: number, key: string) =>
    (form.formState.errors.zones?.[index] as Record<string, { message?: string }> | undefined)?.[
      key
    ]?.message;

  const save = form.handleSubmit(async (body) => {
    const result = await put({ id: zones.store_id, zones: body.zones, version: shown.version });
    if ('error' in result) {
      const current = staleCurrent<StoreZones>(result.error);
      if (current) {
        setShown(current);
        form.reset(rowsOf(current));
      }
      for (const [field, text] of Object.entries(adminFieldErrors(result.error))) {
        form.setError(field as 'zones', { message: text });
      }
      return onMessage(adminErrorMessage(result.error));
    }
    setShown(result.data.data);
    onMessage(result.data.message);
  });

  return (
    <form noValidate onSubmit={save} aria-labelledby="zones-heading">
      <h2 id="zones-heading" className="text-xl font-semibold">
        Delivery zones
      </h2>
      <p className="text-stone-700">
        A sector (E1 6) comes before its district (E1). Empty minutes: the store’s{' '}
        {zones.delivery_minutes}.
      </p>
      <div className="mt-3 space-y-3">
        {rows.fields.map((field, index) => (
          // Four fields and Remove on one line from a small tablet up; two by two on a phone,
          // where four inputs side by side pushed the page wider than the screen.
          <div
            key={field.id}
            className="grid grid-cols-2 items-end gap-2 border-b border-stone-200 pb-3 last:border-0 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto] sm:border-0 sm:pb-0"
          >
            {COLUMNS.map(([key, label]) => {
              const id = `zone-${index}-${key}`;
              const error = rowError(index, key);
              return (
                <div key={key} className="min-w-0">
                  <label htmlFor={id} className="block text-sm font-semibold">
                    {label}
                  </label>
                  <input
                    id={id}
                    className={inputClass({ size: 'lg' })}
                    inputMode={key === 'area' ? 'text' : 'decimal'}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${id}-error` : undefined}
                    {...form.register(`zones.${index}.${key}`)}
                  />
                  {error && (
                    <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <button
              type="button"
              className={buttonClass({ size: 'lg', variant: 'ghost' })}
              aria-label={`Remove zone ${index + 1}`}
              onClick={() => rows.remove(index)}
            >
              Remove
            </button>
          </div>
        ))}
      </div>
      {form.formState.errors.zones?.message && (
        <p className="mt-2 text-red-800">{form.formState.errors.zones.message}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass({ size: 'lg', variant: 'outline' })}
          onClick={() =>
            rows.append({ area: '', fee: '0.00', minimum_order: '0.00', travel_minutes: '' })
          }
        >
          Add a zone
        </button>
        <button
          type="submit"
          className={buttonClass({ size: 'lg' })}
          disabled={form.formState.isSubmitting}
        >
          Save zones
        </button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZZonesPut, type StoreZones, type ZonesPut } from '@servery/contract/shop-editor';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { adminCurrencySign } from '../admin-shop.ts';
import { usePutZonesMutation } from './store-settings-api.ts';
import { formResolver } from '../../lib/plain-words.ts';
import { penceOf, poundsOf } from '../../lib/pounds.ts';

/**
 * The rows as typed (pounds, an empty fee or minimum for none, empty minutes), turned into the
 * contract's body and checked by it.
 */
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
      fee: penceOf(zone.fee, 0),
      minimum_order: penceOf(zone.minimum_order, 0),
      travel_minutes: zone.travel_minutes.trim() === '' ? null : Number(zone.travel_minutes),
    })),
  }))
  .pipe(ZZonesPut);
type ZonesForm = z.input<typeof ZZonesForm>;

const rowsOf = (zones: StoreZones): ZonesForm => ({
  zones: zones.zones.map((zone) => ({
    area: zone.area,
    fee: poundsOf(zone.fee),
    minimum_order: poundsOf(zone.minimum_order),
    travel_minutes: zone.travel_minutes === null ? '' : String(zone.travel_minutes),
  })),
});
/** The columns, money in the shop's own currency as the menu editor's fields are. */
const columns = (sign = adminCurrencySign()) =>
  [
    ['area', 'District or sector'],
    ['fee', `Fee (${sign})`],
    ['minimum_order', `Minimum (${sign})`],
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
  const heads = columns();
  // A refusal, a colleague's save first above all, is said beside Save (walk 2, finding 30).
  const [problem, setProblem] = useState('');
  const [shown, setShown] = useState(zones);
  const form = useForm<ZonesForm, unknown, ZonesPut>({
    resolver: formResolver(ZZonesForm, { pounds: ['fee', 'minimum_order'] }),
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
      onMessage('');
      return setProblem(adminErrorMessage(result.error));
    }
    setShown(result.data.data);
    setProblem('');
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
      {/* A table from a small tablet up, the labels once as its column headings (each input
          keeps its own label, visually hidden there); on a phone each zone is a block of
          labelled fields two by two, as four inputs side by side were wider than the screen. */}
      <table className="mt-3 w-full max-sm:block sm:table-fixed">
        <thead className="max-sm:hidden">
          <tr>
            {heads.map(([key, label]) => (
              <th
                key={key}
                scope="col"
                className="pr-2 pb-1 text-left align-bottom text-sm font-semibold"
              >
                {label}
              </th>
            ))}
            <th scope="col" className="w-28 pb-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:space-y-3">
          {rows.fields.map((field, index) => (
            <tr
              key={field.id}
              className="max-sm:grid max-sm:grid-cols-2 max-sm:items-end max-sm:gap-2 max-sm:border-b max-sm:border-stone-200 max-sm:pb-3 max-sm:last:border-0"
            >
              {heads.map(([key, label]) => {
                const id = `zone-${index}-${key}`;
                const error = rowError(index, key);
                return (
                  <td key={key} className="min-w-0 pr-2 pb-2 align-top max-sm:p-0">
                    <label htmlFor={id} className="block text-sm font-semibold sm:sr-only">
                      {label}
                    </label>
                    <input
                      id={id}
                      className={inputClass({ size: 'lg', className: 'sm:mt-0' })}
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
                  </td>
                );
              })}
              <td className="pb-2 align-top max-sm:p-0">
                <button
                  type="button"
                  className={buttonClass({ size: 'lg', variant: 'ghost' })}
                  aria-label={`Remove zone ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {form.formState.errors.zones?.message && (
        <p className="mt-2 text-red-800">{form.formState.errors.zones.message}</p>
      )}
      <ProblemLine message={problem} className="mt-4" />
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

import { useEffect } from 'react';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import type { AdminPromo, PromoCreate } from '@servery/contract/shop-editor';
import type { StaffStore } from '@servery/contract/staff';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorId, Field, inputClass, LABEL_CLASS } from '../../components/ui/input.tsx';
import { ZPromoForm, promoFormValues, type PromoFormValues } from './promo-form-schema.ts';
import { formResolver } from '../../lib/plain-words.ts';

export type PromoSubmit = (
  body: PromoCreate,
  setError: UseFormSetError<PromoFormValues>,
) => Promise<void>;

type TextName = 'code' | 'description' | 'value' | 'minimum_order' | 'total_limit';
type MoreName = 'per_customer_limit' | 'starts_at' | 'ends_at';

/**
 * A promo code's form (new, or an existing code whose code stays): react-hook-form with the
 * contract's schema behind the form's own (promo-form-schema.ts). Tablet-first: big fields.
 */
export function PromoForm({
  promo,
  stores,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  promo?: AdminPromo;
  stores: StaffStore[];
  submitLabel: string;
  onSubmit: PromoSubmit;
  onCancel: () => void;
}) {
  const form = useForm<PromoFormValues, unknown, PromoCreate>({
    resolver: formResolver(ZPromoForm, { pounds: ['minimum_order'] }),
    defaultValues: promoFormValues(promo),
  });
  const { errors, isSubmitting } = form.formState;
  // A stale save brings the current values: the form shows them to be changed again.
  useEffect(() => form.reset(promoFormValues(promo)), [form, promo]);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const storesError = errors.store_ids?.message ?? errors.store_ids?.[0]?.message;

  const text = (name: TextName | MoreName, label: string, type = 'text', hint?: string) => {
    const id = `promo-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error} hint={hint}>
        <input
          id={id}
          type={type}
          readOnly={name === 'code' && Boolean(promo)}
          inputMode={
            ['value', 'minimum_order', 'total_limit', 'per_customer_limit'].includes(name)
              ? 'decimal'
              : undefined
          }
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId(id) : undefined}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4 md:grid-cols-2"
      onSubmit={form.handleSubmit((body) => onSubmit(body, form.setError))}
    >
      {text(
        'code',
        'Code',
        'text',
        promo ? 'Orders name the code: it cannot change.' : 'Customers type it, in any case.',
      )}
      {text('description', 'What it gives')}
      <fieldset>
        <legend className={LABEL_CLASS}>Kind</legend>
        <div className="mt-2 flex gap-3">
          {(['percent', 'fixed'] as const).map((value) => (
            <label key={value} className="flex min-h-12 items-center gap-2 rounded-lg border px-4">
              <input type="radio" value={value} className="size-5" {...form.register('kind')} />
              {value === 'percent' ? 'Percent off' : 'Amount off'}
            </label>
          ))}
        </div>
      </fieldset>
      {text('value', kind === 'percent' ? 'Percentage' : 'Amount (£)')}
      {text('minimum_order', 'Minimum order (£)')}
      {text('total_limit', 'Uses in all', 'text', 'Empty: no limit.')}
      {text('per_customer_limit', 'Uses per customer', 'text', 'Empty: no limit.')}
      {text('starts_at', 'Starts', 'datetime-local', 'Empty: now.')}
      {text('ends_at', 'Ends', 'datetime-local', 'Empty: until you end it.')}
      <fieldset aria-describedby={storesError ? 'promo-store_ids-error' : undefined}>
        <legend className={LABEL_CLASS}>Stores (none ticked: every store)</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {stores.map((store) => (
            <label
              key={store.id}
              className="flex min-h-12 items-center gap-2 rounded-lg border px-4"
            >
              <input
                type="checkbox"
                value={store.id}
                className="size-5"
                {...form.register('store_ids')}
              />
              {store.name}
            </label>
          ))}
        </div>
        {storesError && (
          <p id="promo-store_ids-error" className="mt-1 text-sm text-red-800">
            {storesError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-3">
        <label className="flex min-h-12 items-center gap-2">
          <input type="checkbox" className="size-5" {...form.register('first_order_only')} />
          First order only
        </label>
        <label className="flex min-h-12 items-center gap-2">
          <input type="checkbox" className="size-5" {...form.register('public')} />
          Listed on the offers page
        </label>
      </div>
      <div className="flex gap-3 md:col-span-2">
        <button type="submit" className={buttonClass({ size: 'lg' })} disabled={isSubmitting}>
          {submitLabel}
        </button>
        <button
          type="button"
          className={buttonClass({ size: 'lg', variant: 'outline' })}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

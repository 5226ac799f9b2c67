import type { FieldErrors } from 'react-hook-form';
import { Field, Input, errorId } from '../../../components/ui/input.tsx';
import type { CheckoutValues } from '../checkout-form.ts';
import type { CheckoutForm } from '../checkout-form-state.ts';

const WORDS = {
  delivery: {
    legend: 'Who we hand it to',
    hint: 'The driver needs your name and a phone number. They are saved on your profile.',
  },
  collection: {
    legend: 'Who is collecting',
    hint: 'The kitchen asks for this name at the counter and calls this number if it needs to. They are saved on your profile.',
  },
} as const;

/**
 * Who the order is handed to (issue 20): for a delivery asked here when the profile lacks the
 * name or the phone; for a collection always shown, filled from the profile (issue 30). Saved on
 * the profile with the order.
 */
export function ContactFields({
  orderType,
  register,
  errors,
}: {
  orderType: 'delivery' | 'collection';
  register: CheckoutForm['register'];
  errors: FieldErrors<CheckoutValues>;
}) {
  const field = (
    name: 'first_name' | 'phone',
    label: string,
    input: { type: string; autoComplete: string; inputMode?: 'tel' },
  ) => {
    const id = `contact-${name.replace('_', '-')}`;
    const error = errors[name]?.message;
    return (
      <div data-field={name}>
        <Field id={id} label={label} error={error}>
          <Input
            id={id}
            {...input}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId(id) : undefined}
            {...register(name)}
          />
        </Field>
      </div>
    );
  };
  return (
    <fieldset className="mt-4 border-t border-stone-200 pt-4" data-testid="delivery-contact">
      <legend className="float-left w-full font-semibold">{WORDS[orderType].legend}</legend>
      <p className="clear-both text-sm text-stone-700">{WORDS[orderType].hint}</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {/* The whole name (the desk and the ticket read it): first and last, split as saved. */}
        {field('first_name', 'Your name', { type: 'text', autoComplete: 'name' })}
        {field('phone', 'Phone number', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      </div>
    </fieldset>
  );
}

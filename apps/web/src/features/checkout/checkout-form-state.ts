import {
  useFormState,
  type Form,
  type FormErrors,
  type FormResolution,
} from '../../lib/form-state.ts';
import type { CheckoutSubmission, CheckoutValues } from './checkout-form.ts';

// The checkout's form state: lib/form-state.ts, the part of react-hook-form's API the checkout
// uses without its 13.5 KB brotli (docs/decisions/0048). The typed fields are the notes and the
// contact the checkout asks for; the others are chosen (checkout-choices.ts).

export type CheckoutErrors = FormErrors<CheckoutValues>;
export type CheckoutResolution = FormResolution<CheckoutValues, CheckoutSubmission>;
/** The fields typed in; the others are chosen. */
type TypedField = 'notes' | 'first_name' | 'phone';
export type CheckoutForm = Form<CheckoutValues, CheckoutSubmission, TypedField>;

/**
 * The checkout's values and errors. `resolve` checks the values (the contract's order schema on
 * the body they make; it reads what the choices resolve to when it is called).
 */
export function useCheckoutFormState(
  initial: CheckoutValues,
  resolve: (values: CheckoutValues) => Promise<CheckoutResolution>,
) {
  const { form, values, errors } = useFormState<CheckoutValues, CheckoutSubmission, TypedField>(
    initial,
    resolve,
  );
  return { form, values, errors };
}

import { useState, type ChangeEvent } from 'react';
import type { ErrorOption, FieldErrors } from 'react-hook-form';
import type { CheckoutField, CheckoutSubmission, CheckoutValues } from './checkout-form.ts';

// The checkout's form state without react-hook-form (13.5 KB brotli that the checkout's first
// screen could not carry under its 130 KB budget, docs/decisions/0048). It keeps the part of
// react-hook-form's API the checkout used, with its behaviour: fields are checked on submit, and
// after a submit a field is checked again as it is typed in; a value set by code leaves the
// field as it was (not dirty, not checked). The typed fields are controlled inputs (their value
// comes with `register`). Only types come from react-hook-form.

export type CheckoutErrors = FieldErrors<CheckoutValues>;

/** What the resolver (checkout-form.ts) answers: the submission, or the errors by field. */
export type CheckoutResolution =
  | { values: CheckoutSubmission; errors: Record<string, never> }
  | { values: Record<string, never>; errors: CheckoutErrors };

export interface CheckoutForm {
  register: (name: 'notes' | 'first_name' | 'phone') => {
    name: CheckoutField;
    /** The field's value, drawn by React (react-hook-form wrote it into the element itself). */
    value: string;
    ref: (element: HTMLElement | null) => void;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => unknown;
    onBlur: () => void;
  };
  setValue: <F extends CheckoutField>(name: F, value: CheckoutValues[F]) => void;
  getFieldState: (name: CheckoutField) => { isDirty: boolean; invalid: boolean };
  setError: (name: string, error: ErrorOption, options?: { shouldFocus?: boolean }) => void;
  clearErrors: (name?: CheckoutField) => void;
  handleSubmit: (
    onValid: (submission: CheckoutSubmission) => unknown,
    onInvalid?: (errors: CheckoutErrors) => unknown,
  ) => () => Promise<void>;
  formState: { readonly errors: CheckoutErrors };
}

/**
 * The checkout's values and errors. `resolve` checks the values (the contract's order schema on
 * the body they make; it reads what the choices resolve to when it is called); `form` is the same
 * object for the life of the page, as react-hook-form's is, so effects may depend on it.
 */
export function useCheckoutFormState(
  initial: CheckoutValues,
  resolve: (values: CheckoutValues) => Promise<CheckoutResolution>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [form] = useState(() => createForm(initial, resolve, setValues, setErrors));
  return { form, values, errors };
}

/** The values and errors as last set, read between renders; each change also re-renders. */
function formStore(
  initial: CheckoutValues,
  setValues: (values: CheckoutValues) => void,
  setErrors: (errors: CheckoutErrors) => void,
) {
  const state = {
    values: initial,
    errors: {} as CheckoutErrors,
    submitted: false,
    dirty: new Set<CheckoutField>(),
    elements: new Map<string, HTMLElement>(),
  };
  const putErrors = (next: CheckoutErrors) => {
    state.errors = next;
    setErrors(next);
  };
  const putValue = <F extends CheckoutField>(name: F, value: CheckoutValues[F]) => {
    state.values = { ...state.values, [name]: value };
    setValues(state.values);
  };
  return { state, putErrors, putValue };
}

/** The form's methods over its state as last set (read between renders, and by the resolver). */
function createForm(
  initial: CheckoutValues,
  resolve: (values: CheckoutValues) => Promise<CheckoutResolution>,
  setValues: (values: CheckoutValues) => void,
  setErrors: (errors: CheckoutErrors) => void,
): CheckoutForm {
  const { state, putErrors, putValue } = formStore(initial, setValues, setErrors);
  /** A field typed in; after a submit it is checked again, and its own error comes or goes. */
  const typed = async (name: 'notes' | 'first_name' | 'phone', value: string) => {
    if (value === initial[name]) state.dirty.delete(name);
    else state.dirty.add(name);
    putValue(name, value);
    if (!state.submitted) return;
    const { errors: found } = await resolve(state.values);
    const { [name]: _old, ...others } = state.errors;
    putErrors(found[name] ? { ...others, [name]: found[name] } : others);
  };
  return {
    register: (name) => ({
      name,
      value: state.values[name],
      ref: (element) => {
        if (element) state.elements.set(name, element);
        else state.elements.delete(name);
      },
      onChange: (event) => typed(name, event.target.value),
      onBlur: () => undefined,
    }),
    setValue: putValue,
    getFieldState: (name) => ({
      isDirty: state.dirty.has(name),
      invalid: Boolean(state.errors[name]),
    }),
    setError: (name, error, options) => {
      putErrors({ ...state.errors, [name]: error });
      if (options?.shouldFocus) state.elements.get(name)?.focus();
    },
    clearErrors: (name) => {
      if (name === undefined) return putErrors({});
      const { [name]: _cleared, ...others } = state.errors;
      putErrors(others);
    },
    handleSubmit: (onValid, onInvalid) => async () => {
      state.submitted = true;
      const resolution = await resolve(state.values);
      putErrors(resolution.errors);
      if (Object.keys(resolution.errors).length) await onInvalid?.(resolution.errors);
      else await onValid(resolution.values as CheckoutSubmission);
    },
    formState: {
      get errors() {
        return state.errors;
      },
    },
  };
}

import { useState, type ChangeEvent } from 'react';
import type { ErrorOption, FieldErrors, FieldValues } from 'react-hook-form';

// A form's values and errors without react-hook-form, for the pages whose first screen is a
// form and carries no 13.5 KB brotli of it (the checkout and the reservation page, issue 33's
// budget of 130 KB: docs/decisions/0048 and 0063). It keeps the part of react-hook-form's API
// those pages use, with its behaviour: fields are checked on submit, and after a submit a field
// is checked again as it is typed in; a value set by code leaves the field as it was (not dirty,
// not checked) unless the caller asks for the check. The typed fields are controlled inputs
// (their value comes with `register`). Only types come from react-hook-form, so its
// `applyServerErrors` (lib/form-errors.ts) takes this form's `setError` as it takes its own.

export type FormErrors<V extends FieldValues> = FieldErrors<V>;

/** What a form's check answers: the submission it makes, or the errors by field. */
export type FormResolution<V extends FieldValues, S> =
  | { values: S; errors: Record<string, never> }
  | { values: Record<string, never>; errors: FormErrors<V> };

/** The fields that take text: typed in, or picked from a list (input, select, textarea). */
export type TextField<V> = { [K in keyof V]-?: string extends V[K] ? K : never }[keyof V] & string;

export interface Form<V extends FieldValues, S, T extends TextField<V> = TextField<V>> {
  register: (name: T) => {
    name: T;
    /** The field's value, drawn by React (react-hook-form wrote it into the element itself). */
    value: string;
    ref: (element: HTMLElement | null) => void;
    onChange: (
      event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
    ) => unknown;
    onBlur: () => void;
  };
  getValues: () => V;
  /** Sets a value as code does; `recheck`: once the form was submitted, check the field again. */
  setValue: <F extends keyof V & string>(
    name: F,
    value: V[F],
    options?: { recheck?: boolean },
  ) => void;
  getFieldState: (name: keyof V & string) => { isDirty: boolean; invalid: boolean };
  setError: (name: string, error: ErrorOption, options?: { shouldFocus?: boolean }) => void;
  clearErrors: (name?: keyof V & string) => void;
  /** Starts again from `values`: no errors, nothing dirty, not submitted. */
  reset: (values: V) => void;
  handleSubmit: (
    onValid: (submission: S) => unknown,
    onInvalid?: (errors: FormErrors<V>) => unknown,
  ) => (event?: { preventDefault: () => void }) => Promise<void>;
  formState: {
    readonly errors: FormErrors<V>;
    readonly isSubmitted: boolean;
  };
}

/**
 * A form's values, errors and whether it is being submitted. `resolve` checks the values (a
 * contract schema, loaded when first needed); it is the one given on the first render, so a
 * resolver that depends on the page reads what it needs when it is called. `form` is the same
 * object for the life of the page, as react-hook-form's is, so effects may depend on it.
 */
export function useFormState<V extends FieldValues, S, T extends TextField<V> = TextField<V>>(
  initial: V,
  resolve: (values: V) => Promise<FormResolution<V, S>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const [form] = useState(() =>
    createForm<V, S, T>(initial, resolve, { setValues, setErrors, setSubmitting }),
  );
  return { form, values, errors, submitting };
}

interface Renders<V extends FieldValues> {
  setValues: (values: V) => void;
  setErrors: (errors: FormErrors<V>) => void;
  setSubmitting: (submitting: boolean) => void;
}

/** The form's methods over its state as last set (read between renders, and by the resolver). */
function createForm<V extends FieldValues, S, T extends TextField<V>>(
  initial: V,
  resolve: (values: V) => Promise<FormResolution<V, S>>,
  renders: Renders<V>,
): Form<V, S, T> {
  const state = {
    initial,
    values: initial,
    errors: {} as FormErrors<V>,
    submitted: false,
    dirty: new Set<keyof V>(),
    elements: new Map<string, HTMLElement>(),
  };
  const putErrors = (next: FormErrors<V>) => {
    state.errors = next;
    renders.setErrors(next);
  };
  const putValue = <F extends keyof V>(name: F, value: V[F]) => {
    state.values = { ...state.values, [name]: value };
    renders.setValues(state.values);
  };
  /** After a submit a changed field is checked again, and its own error comes or goes. */
  const recheck = async (name: keyof V & string) => {
    if (!state.submitted) return;
    const { errors: found } = await resolve(state.values);
    const { [name]: _old, ...others } = state.errors;
    putErrors((found[name] ? { ...others, [name]: found[name] } : others) as FormErrors<V>);
  };
  const typed = (name: T, value: string) => {
    if (value === state.initial[name]) state.dirty.delete(name);
    else state.dirty.add(name);
    putValue(name, value as V[T]);
    return recheck(name);
  };
  return {
    register: (name) => ({
      name,
      value: String(state.values[name] ?? ''),
      ref: (element) => {
        if (element) state.elements.set(name, element);
        else state.elements.delete(name);
      },
      onChange: (event) => typed(name, event.target.value),
      onBlur: () => undefined,
    }),
    getValues: () => state.values,
    setValue: (name, value, options) => {
      putValue(name, value);
      if (options?.recheck) void recheck(name);
    },
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
      putErrors(others as FormErrors<V>);
    },
    reset: (values) => {
      state.initial = values;
      state.submitted = false;
      state.dirty.clear();
      state.values = values;
      renders.setValues(values);
      putErrors({});
    },
    handleSubmit: (onValid, onInvalid) => async (event) => {
      event?.preventDefault();
      state.submitted = true;
      renders.setSubmitting(true);
      try {
        const resolution = await resolve(state.values);
        putErrors(resolution.errors);
        if (Object.keys(resolution.errors).length) await onInvalid?.(resolution.errors);
        else await onValid(resolution.values as S);
      } finally {
        renders.setSubmitting(false);
      }
    },
    formState: {
      get errors() {
        return state.errors;
      },
      get isSubmitted() {
        return state.submitted;
      },
    },
  };
}

import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useFormState, type FormErrors, type FormResolution } from './form-state.ts';

interface Values {
  name: string;
  people: string;
}
const blank: Values = { name: '', people: '' };

/** A check like a contract's: both fields required; the submission is the values trimmed. */
async function check(values: Values): Promise<FormResolution<Values, Values>> {
  const errors: FormErrors<Values> = {};
  if (!values.name.trim()) errors.name = { type: 'required', message: 'Name is required' };
  if (!values.people) errors.people = { type: 'required', message: 'People are required' };
  if (Object.keys(errors).length) return { values: {}, errors };
  return { values: { name: values.name.trim(), people: values.people }, errors: {} };
}

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useFormState', () => {
  it('checks nothing before a submit, then the changed field alone as it changes', async () => {
    const { result } = renderHook(() => useFormState<Values, Values>(blank, check));
    await act(() => result.current.form.register('name').onChange(typed(' ')));
    expect(result.current.errors).toEqual({});

    const invalid: FormErrors<Values>[] = [];
    await act(() =>
      result.current.form.handleSubmit(
        () => undefined,
        (e) => void invalid.push(e),
      )(),
    );
    expect(Object.keys(result.current.errors)).toEqual(['name', 'people']);
    expect(invalid).toHaveLength(1);

    await act(() => result.current.form.register('name').onChange(typed('Priya')));
    expect(Object.keys(result.current.errors)).toEqual(['people']);
    expect(result.current.form.getFieldState('name')).toEqual({ isDirty: true, invalid: false });
  });

  it('hands the check’s submission to the submit, and is submitting until it is done', async () => {
    const { result } = renderHook(() => useFormState<Values, Values>(blank, check));
    act(() => result.current.form.setValue('name', ' Priya '));
    act(() => result.current.form.setValue('people', '2'));
    // A value set by code is not dirty.
    expect(result.current.form.getFieldState('name').isDirty).toBe(false);
    let finish: () => void = () => undefined;
    const sent: Values[] = [];
    let submitting: Promise<void> = Promise.resolve();
    await act(async () => {
      submitting = result.current.form.handleSubmit(
        (submission) =>
          new Promise<void>((resolve) => {
            sent.push(submission);
            finish = resolve;
          }),
      )();
    });
    expect(sent).toEqual([{ name: 'Priya', people: '2' }]);
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      finish();
      await submitting;
    });
    expect(result.current.submitting).toBe(false);
  });

  it('starts again on reset: no errors, nothing dirty, and no check until the next submit', async () => {
    const { result } = renderHook(() => useFormState<Values, Values>(blank, check));
    await act(() => result.current.form.register('name').onChange(typed('P')));
    await act(() => result.current.form.handleSubmit(() => undefined)());
    expect(result.current.errors.people?.message).toBe('People are required');

    act(() => result.current.form.reset(blank));
    expect(result.current.values).toEqual(blank);
    expect(result.current.errors).toEqual({});
    expect(result.current.form.formState.isSubmitted).toBe(false);
    expect(result.current.form.getFieldState('name').isDirty).toBe(false);
    await act(() => result.current.form.register('name').onChange(typed(' ')));
    expect(result.current.errors).toEqual({});
  });

  it('rechecks a value set by code once submitted, when asked, and places an error given by hand', async () => {
    const { result } = renderHook(() => useFormState<Values, Values>(blank, check));
    await act(() => result.current.form.handleSubmit(() => undefined)());
    await act(async () => result.current.form.setValue('people', '4', { recheck: true }));
    expect(Object.keys(result.current.errors)).toEqual(['name']);

    act(() => result.current.form.setError('people', { type: 'server', message: 'Too many' }));
    expect(result.current.form.getFieldState('people').invalid).toBe(true);
    act(() => result.current.form.clearErrors('people'));
    expect(Object.keys(result.current.errors)).toEqual(['name']);
  });
});

import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { staleCurrent } from '../../lib/server-error.ts';
import { placeAdminErrors } from '../admin-form-errors.ts';

/** What a save of the Shop screen answers: the saved thing and its message, or a refusal. */
type Saved<T> = { data: { data: T; message: string } } | { error: unknown };

/**
 * A Shop screen form saved with the version it read (decision 88): a colleague's save first
 * (409 stale) puts the current values in the form, a refusal is said on its fields and beside
 * Save, and a save starts the form afresh from what was saved.
 */
export function useVersionedSave<T extends { version: number | string }, V extends FieldValues, P>({
  form,
  read,
  valuesOf,
  fields,
  send,
}: {
  form: UseFormReturn<V, unknown, P>;
  read: T;
  valuesOf: (saved: T) => V;
  /** The form's fields, where the server's field errors are placed. */
  fields: readonly string[];
  send: (version: T['version'], patch: P) => PromiseLike<Saved<T>>;
}) {
  const [version, setVersion] = useState<T['version']>(read.version);
  const [message, setMessage] = useState('');
  const submit = form.handleSubmit(async (patch) => {
    setMessage('');
    const result = await send(version, patch);
    if ('error' in result) {
      const current = staleCurrent<T>(result.error);
      if (current) {
        setVersion(current.version);
        form.reset(valuesOf(current));
      }
      return setMessage(placeAdminErrors(result.error, form.setError, fields));
    }
    setVersion(result.data.data.version);
    form.reset(valuesOf(result.data.data));
    setMessage(result.data.message);
  });
  return { submit, message };
}

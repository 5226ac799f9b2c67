import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ErrorEnvelope } from '@servery/contract/envelope';
import { toastServerError } from './api.ts';

/**
 * Puts a 400's field errors on the form's fields (STYLE.md habit 7), and shows the server's
 * message as an error toast as SPEC §8 asks of every non-success answer; a 401 on a customer
 * call is already a sign-out and needs none.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shownFields?: readonly string[],
) {
  const data = (error as { data?: Partial<ErrorEnvelope> }).data;
  const fieldErrors = Object.entries(data?.errors ?? {});
  const onForm = fieldErrors.filter(([field]) => !shownFields || shownFields.includes(field));
  if ((error as { status?: number }).status === 400 && onForm.length > 0) {
    onForm.forEach(([field, message], i) =>
      setError(field as Path<T>, { message }, { shouldFocus: i === 0 }),
    );
  }
  toastServerError(error, { silentOn: [401] });
}

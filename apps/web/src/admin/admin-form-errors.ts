import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { adminErrorMessage, adminFieldErrors } from './admin-api.ts';

/**
 * A refusal on a staff form (react-hook-form): each field message goes on its field, the first
 * taking focus (only the `fields` the form shows, when given), and the answer's message comes
 * back for the line above the button: the staff application says it there, with no toasts.
 */
export function placeAdminErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): string {
  const placed = Object.entries(adminFieldErrors(error)).filter(
    ([field]) => !fields || fields.includes(field),
  );
  placed.forEach(([field, message], index) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return adminErrorMessage(error);
}

/** The first message in a form's errors, however deep it sits (a row's, a range's). */
export function firstErrorMessage(errors: object): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    // An error's `ref` is its element: nothing to read there.
    if (key === 'ref' || typeof value !== 'object' || value === null) continue;
    if (typeof (value as { message?: unknown }).message === 'string') {
      return (value as { message: string }).message;
    }
    const deeper = firstErrorMessage(value);
    if (deeper) return deeper;
  }
  return undefined;
}

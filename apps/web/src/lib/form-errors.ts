import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { refusedWith } from '@servery/contract/error-codes';
import { toastServerError } from './api.ts';
import { serverRefusal } from './server-error.ts';

/** Where a refusal landed: the fields it marked, the lines (`lines.N…`) and the rest. */
export interface PlacedErrors {
  /** The form fields given an error, in the server's order (the first takes focus). */
  fields: string[];
  /** Errors on a list's rows, by index: `lines.2.quantity` lands on row 2. */
  lines: Record<number, string>;
  /** What belongs to no field and no line (a business rule, or the answer's message). */
  rule: string | null;
}

export interface ApplyServerErrorsOptions {
  /** The fields the form shows; an error on any other key is a rule error. Default: every key. */
  fields?: readonly string[];
  /** `lines.N` keys land on `lines` when the form lists rows under this name. */
  rowsName?: string;
  /**
   * 'always' (product.md §8: profile, address, subscribe and the like show the server's message as
   * a toast whatever else they do) or 'unplaced' (a toast only when nothing landed on the form:
   * a 5xx or a network failure).
   */
  toast?: 'always' | 'unplaced';
  /** Give the first field with an error focus (default true). */
  focus?: boolean;
}

/**
 * Places a 4xx answer's errors (architecture.md habit 7): each `errors` key the form shows goes on its
 * field, `lines.N…` keys on their row, and anything else (or, with nothing placed, the answer's
 * message) is the rule error above the form's action. A 401 on a customer call is already a
 * sign-out and needs none; a 5xx is product.md §8's 'Oops! Something went wrong.' toast.
 *
 * The third argument may be the list of shown fields alone (the older call).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: readonly string[] | ApplyServerErrorsOptions = {},
): PlacedErrors {
  const settings: ApplyServerErrorsOptions = isFieldList(options) ? { fields: options } : options;
  const { fields, rowsName, toast = 'always', focus = true } = settings;
  const refusal = serverRefusal(error);
  const placed: PlacedErrors = { fields: [], lines: {}, rule: null };
  const answered =
    refusal && refusal.status >= 400 && refusal.status < 500 && !refusedWith(error, 'unauthorized');

  if (answered) {
    const row = rowsName ? new RegExp(`^${rowsName}\\.(\\d+)(?:\\.|$)`) : null;
    for (const [key, message] of Object.entries(refusal.errors)) {
      const index = row?.exec(key)?.[1];
      if (index !== undefined) {
        placed.lines[Number(index)] ??= message;
      } else if (!fields || fields.includes(key)) {
        setError(
          key as Path<T>,
          { type: 'server', message },
          {
            shouldFocus: focus && placed.fields.length === 0,
          },
        );
        placed.fields.push(key);
      } else placed.rule ??= message;
    }
    const nothingPlaced = !placed.fields.length && !Object.keys(placed.lines).length;
    if (nothingPlaced && !placed.rule && refusal.message !== null) placed.rule = refusal.message;
  }

  const landed = placed.fields.length > 0 || Object.keys(placed.lines).length > 0 || placed.rule;
  if (toast === 'always' || !landed) toastServerError(error, { silentOn: [401] });
  return placed;
}

const isFieldList = (
  options: readonly string[] | ApplyServerErrorsOptions,
): options is readonly string[] => Array.isArray(options);

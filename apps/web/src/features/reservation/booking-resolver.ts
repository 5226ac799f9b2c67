import {
  ZBookingRequest,
  type BookingInput,
  type BookingRequest,
} from '@servery/contract/reservation';
import type { FormErrors, FormResolution } from '../../lib/form-state.ts';

/**
 * The reservation form's check: the contract's schema, loaded by reservation-form.tsx when the
 * visitor first comes to the form. Each field shows its first problem, as the server would name it.
 */
export function checkBooking(values: BookingInput): FormResolution<BookingInput, BookingRequest> {
  const parsed = ZBookingRequest.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FormErrors<BookingInput> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) {
      errors[field as keyof BookingInput] ??= { type: issue.code, message: issue.message };
    }
  }
  if (!Object.keys(errors).length) {
    errors.root = { type: 'contract', message: parsed.error.issues[0]?.message ?? '' } as never;
  }
  return { values: {}, errors };
}

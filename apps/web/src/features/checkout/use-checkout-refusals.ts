import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { refusedWith } from '@servery/contract/error-codes';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { serverRefusal } from '../../lib/server-error.ts';
import { CHECKOUT_FIELDS, type CheckoutField, type CheckoutValues } from './checkout-form.ts';
import type { CheckoutForm } from './checkout-form-state.ts';
import { revealField, revealSoon } from './reveal.ts';

interface RefusalsInput {
  form: CheckoutForm;
  /** The server asked for the name and phone. */
  onContactAsked: () => void;
  /** The server refused the time: the times are read again. */
  onWhenRefused: () => void;
  /** An address no longer there (deleted in another tab): the list is read again. */
  onRetryAddresses: () => void;
}

/**
 * Where the checkout says what stops the order (issue 20): on its field (the screen goes to the
 * first and says it aloud), on a line of the summary, or as the rule above the button.
 */
export function useCheckoutRefusals({
  form,
  onContactAsked,
  onWhenRefused,
  onRetryAddresses,
}: RefusalsInput) {
  const [rule, setRule] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });

  /** Moves the screen and focus to the first field in error, and says what is wrong. */
  const goToFirstError = (fields: readonly string[], messageOf: (field: string) => string) => {
    const first = CHECKOUT_FIELDS.find((field) => fields.includes(field));
    if (!first) return false;
    setAnnouncement((now) => ({ text: messageOf(first), count: now.count + 1 }));
    revealField(first);
    return true;
  };

  /** The server refused the order (or the contact's save): each error where it belongs. */
  const handleRefusal = (error: unknown, fields: readonly CheckoutField[] = CHECKOUT_FIELDS) => {
    const placed = applyServerErrors(error, form.setError, {
      fields,
      rowsName: 'lines',
      toast: 'unplaced',
      focus: false,
    });
    if (placed.fields.includes('first_name') || placed.fields.includes('phone')) onContactAsked();
    if (placed.fields.includes('when')) onWhenRefused();
    if (refusedWith(error, 'not_found')) onRetryAddresses();
    setLineErrors(placed.lines);
    setRule(placed.rule);
    const said = serverRefusal(error)?.errors ?? {};
    if (goToFirstError(placed.fields, (field) => said[field] ?? '')) return;
    if (Object.keys(placed.lines).length) revealSoon('summary-title');
    else if (placed.rule) revealSoon('checkout-problems');
  };

  /** The form's own check failed: the first field in error, or the order's rule above the button. */
  const handleInvalid = (errors: FieldErrors<CheckoutValues>) => {
    const message = (field: string) => errors[field as CheckoutField]?.message ?? '';
    if (goToFirstError(Object.keys(errors), message)) return;
    // A rule of the order on no field of the form: said above the button, never silently.
    setRule(errors.root?.message ?? null);
    revealSoon('checkout-problems');
  };

  /** A new attempt starts clean. */
  const clear = () => {
    setRule(null);
    setLineErrors({});
  };

  return { rule, setRule, lineErrors, announcement, handleRefusal, handleInvalid, clear };
}
export type CheckoutRefusals = ReturnType<typeof useCheckoutRefusals>;

import { luhnValid } from '@servery/contract/order';

/**
 * How the test-mode card form (demo-card-form.tsx) takes what is typed: digits grouped as on the
 * card, an expiry from a numeric keypad, and the typing handed on from a complete field to the
 * next, as Stripe's card form does.
 */

export type CardField = 'card_number' | 'expiry' | 'cvc';

/** "4242424242424242" → "4242 4242 4242 4242". */
export const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A card number as typed, in groups of four (19 digits at most). */
export const formatCardNumber = (value: string) => grouped(value.replace(/\D/g, '').slice(0, 19));

/** An expiry as typed on a keypad: "1230" and "12/30" both become "12/30". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits.length === 2 && value.trim().endsWith('/') ? `${digits}/` : digits;
}

/** Formats a field in place, the caret staying after the same digit. */
export function reformat(input: HTMLInputElement, format: (value: string) => string) {
  const { value } = input;
  const caret = input.selectionStart ?? value.length;
  const next = format(value);
  if (next === value) return;
  const digitsBefore = value.slice(0, caret).replace(/\D/g, '').length;
  let position = 0;
  for (let seen = 0; position < next.length && seen < digitsBefore; position++) {
    if (/\d/.test(next[position]!)) seen++;
  }
  input.value = next;
  if (document.activeElement === input) input.setSelectionRange(position, position);
}

/**
 * The length at which a number is surely whole: 15 for American Express (34, 37), 16 for Visa
 * and Mastercard (4; 51 to 55, 22 to 27), 19 for the rest, which may run that long.
 */
const wholeLength = (digits: string) =>
  /^3[47]/.test(digits) ? 15 : /^(4|5[1-5]|2[2-7])/.test(digits) ? 16 : 19;

/**
 * The field typing goes on in once this one is complete, as on Stripe's card form: a whole card
 * number that passes its check digit, then an expiry with a real month. A month that has passed
 * hands on too (issue 30): the CVC typed after it is kept, and the form says "expired".
 */
export function nextCardField(name: CardField, value: string): CardField | null {
  const digits = value.replace(/\D/g, '');
  if (name === 'card_number') {
    return digits.length === wholeLength(digits) && luhnValid(digits) ? 'expiry' : null;
  }
  if (name !== 'expiry' || digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  return month >= 1 && month <= 12 ? 'cvc' : null;
}

export const FORMATS: Partial<Record<CardField, (value: string) => string>> = {
  card_number: formatCardNumber,
  expiry: formatExpiry,
};

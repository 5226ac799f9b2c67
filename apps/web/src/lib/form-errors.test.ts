import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form-errors.ts';
import { NETWORK_ERROR_MESSAGE, toasts } from './toast.ts';

const answer = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  data: { status, message, data: null, ...(errors ? { errors } : {}) },
});
const shownToasts = () => toasts.get().map((t) => `${t.kind}: ${t.message}`);

// The web project shares one process between files: a toast another file left must not count.
beforeEach(() => toasts.set([]));
afterEach(() => toasts.set([]));

describe('applyServerErrors', () => {
  it('puts field errors on their fields, focusing the first, lines on their rows, the rest as the rule', () => {
    const setError = vi.fn();
    const placed = applyServerErrors(
      answer(422, 'Check your order', {
        when: 'That time is no longer available. Please choose another.',
        'lines.2': 'Onion bhajis is sold out.',
        'lines.0.quantity': 'Quantity must be at most 99',
        address_id: 'Main Store does not deliver to N16.',
        store_id: 'The shop is closed.',
      }),
      setError,
      { fields: ['when', 'address_id'], rowsName: 'lines', toast: 'unplaced' },
    );
    expect(setError.mock.calls).toEqual([
      [
        'when',
        { type: 'server', message: 'That time is no longer available. Please choose another.' },
        { shouldFocus: true },
      ],
      [
        'address_id',
        { type: 'server', message: 'Main Store does not deliver to N16.' },
        { shouldFocus: false },
      ],
    ]);
    expect(placed).toEqual({
      fields: ['when', 'address_id'],
      lines: { 2: 'Onion bhajis is sold out.', 0: 'Quantity must be at most 99' },
      rule: 'The shop is closed.',
    });
    // Everything landed on the form: no toast on top of it.
    expect(shownToasts()).toEqual([]);
  });

  it('a refusal naming no field is the rule error: the answer’s message', () => {
    const setError = vi.fn();
    const placed = applyServerErrors(answer(404, 'We could not find that address.'), setError, {
      fields: ['address_id'],
      toast: 'unplaced',
    });
    expect(setError).not.toHaveBeenCalled();
    expect(placed).toEqual({ fields: [], lines: {}, rule: 'We could not find that address.' });
    expect(shownToasts()).toEqual([]);
  });

  it('the older call (a list of shown fields) places the fields and toasts the message, as product.md §8 asks', () => {
    const setError = vi.fn();
    applyServerErrors(
      answer(400, 'Check phone', { phone: 'Enter a valid phone number', referral: 'x' }),
      setError,
      ['phone', 'first_name'],
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'phone',
      { type: 'server', message: 'Enter a valid phone number' },
      { shouldFocus: true },
    );
    expect(shownToasts()).toEqual(['error: Check phone']);
  });

  it('a 5xx is the one toast product.md §8 names and lands nowhere; a 401 says nothing', () => {
    const setError = vi.fn();
    expect(
      applyServerErrors(answer(500, 'boom', { when: 'x' }), setError, { toast: 'unplaced' }),
    ).toEqual({ fields: [], lines: {}, rule: null });
    expect(shownToasts()).toEqual([`error: ${NETWORK_ERROR_MESSAGE}`]);
    toasts.set([]);
    applyServerErrors(answer(401, 'Please sign in again.'), setError);
    expect(setError).not.toHaveBeenCalled();
    expect(shownToasts()).toEqual([]);
  });
});

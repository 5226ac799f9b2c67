import { describe, expect, it } from 'vitest';
import type { Order } from '@servery/contract/order';
import { settledWords } from './settled-words.ts';

const order = (status: Order['payment']['status'], method: Order['payment']['method'] = 'card') =>
  ({ number: 1042, payment: { status, method } }) as Pick<Order, 'number' | 'payment'>;

describe('what /payment says of an order with nothing left to pay now', () => {
  it('does not call a card only held "paid"', () => {
    const words = settledWords(order('authorised'));
    expect(words).toBe(
      'Order 1042 is placed: your card is held, and charged only when the shop accepts the order.',
    );
    expect(words).not.toContain('is paid');
  });

  it('calls a charged card paid, and says what a cash or lost payment is', () => {
    expect(settledWords(order('succeeded'))).toBe('Order 1042 is paid.');
    expect(settledWords(order('requires_payment', 'cash'))).toBe(
      'Order 1042 is paid in cash, not by card.',
    );
    expect(settledWords(order('released'))).toBe('Order 1042 can no longer be paid.');
  });
});

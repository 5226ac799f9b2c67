import { describe, expect, it } from 'vitest';
import { refundLabel, statusLabel } from './labels.ts';

// walk2 item 16: the customer's words for their own kind of order, and refunds in the list.
describe('an order status as the customer reads it', () => {
  it('says a ready delivery is about to leave, and a ready collection is to collect', () => {
    expect(statusLabel('ready', 'delivery')).toBe('Ready, on its way shortly');
    expect(statusLabel('ready', 'collection')).toBe('Ready to collect');
    expect(statusLabel('completed', 'delivery')).toBe('Completed');
  });

  it('says an order given back in full or in part is refunded, and nothing otherwise', () => {
    expect(refundLabel({ total: 1764, refunded: 1764 })).toBe('Refunded');
    expect(refundLabel({ total: 3709, refunded: 1720 })).toBe('Partly refunded');
    expect(refundLabel({ total: 3709, refunded: 0 })).toBeNull();
    expect(refundLabel({ total: 3709 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order.ts';
import fc from 'fast-check';
import { canMove, movableFrom, moveMinutesAllowed, ZOrderStatusChange } from './desk.ts';

// architecture.md "The restaurant side": the whole table, written out once more by hand.
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['placed', 'accepted'],
  ['placed', 'rejected'],
  ['accepted', 'preparing'],
  ['accepted', 'ready'],
  ['accepted', 'cancelled'],
  ['preparing', 'ready'],
  ['preparing', 'cancelled'],
  ['ready', 'completed'],
  ['ready', 'out_for_delivery'],
  ['out_for_delivery', 'completed'],
];

describe('the order transition table', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s for a delivery order', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canMove(from, to, 'delivery')).toBe(allowed);
  });

  it('never sends a collection order out for delivery, and otherwise allows the same', () => {
    for (const [from, to] of pairs) {
      const allowed = ALLOWED.some(([f, t]) => f === from && t === to) && to !== 'out_for_delivery';
      expect(canMove(from, to, 'collection'), `${from} → ${to}`).toBe(allowed);
    }
  });

  it('has terminal statuses nothing leaves', () => {
    for (const terminal of ['completed', 'cancelled', 'rejected', 'payment_failed'] as const) {
      expect(ORDER_STATUSES.filter((to) => canMove(terminal, to, 'delivery'))).toEqual([]);
    }
    expect(movableFrom('cancelled', 'collection')).toEqual(['accepted', 'preparing']);
  });

  it('asks for the minutes on accept and delay, a reason on reject, words for "other"', () => {
    expect(ZOrderStatusChange.safeParse({ status: 'accepted' }).success).toBe(false);
    expect(ZOrderStatusChange.safeParse({ status: 'accepted', minutes: 20 }).success).toBe(true);
    expect(ZOrderStatusChange.safeParse({ status: 'delay', minutes: 0 }).success).toBe(false);
    expect(ZOrderStatusChange.safeParse({ status: 'rejected' }).success).toBe(false);
    expect(ZOrderStatusChange.safeParse({ status: 'rejected', reason: 'too_busy' }).success).toBe(
      true,
    );
    expect(ZOrderStatusChange.safeParse({ status: 'rejected', reason: 'other' }).success).toBe(
      false,
    );
  });

  it('takes the same minutes in the desk’s zod-free rule as in the schema', () => {
    const minutes = fc.oneof(
      fc.integer({ min: -5, max: 300 }),
      fc.double({ min: -5, max: 300, noNaN: true }),
      fc.constantFrom(0, 1, 240, 241, 0.5, 239.5),
    );
    fc.assert(
      fc.property(minutes, fc.constantFrom('accepted', 'delay'), (m, status) => {
        const parsed = ZOrderStatusChange.safeParse({ status, minutes: m }).success;
        expect(moveMinutesAllowed(m), `${status} ${m}`).toBe(parsed);
      }),
    );
  });
});

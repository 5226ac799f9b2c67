import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@servery/contract/order';
import { trackerOf, visibleHistory } from './tracker.ts';

const at = (minute: number) => `2026-11-24T12:${String(minute).padStart(2, '0')}:00.000Z`;

/** An order's steps so far, one a minute, ending at `status`. */
function orderAt(status: OrderStatus, order_type: 'collection' | 'delivery' = 'collection') {
  const path: OrderStatus[] = [
    'pending_payment',
    'placed',
    'accepted',
    'preparing',
    'ready',
    ...(order_type === 'delivery' ? (['out_for_delivery'] as const) : []),
    'completed',
  ];
  const end = path.indexOf(status);
  const history = (end === -1 ? [...path.slice(0, 2), status] : path.slice(0, end + 1)).map(
    (step, minute) => ({ status: step, at: at(minute) }),
  );
  return { status, order_type, status_history: history };
}

const states = (status: OrderStatus, type?: 'collection' | 'delivery') =>
  trackerOf(orderAt(status, type))!.map((step) => `${step.label}:${step.state}`);

describe('the order tracker', () => {
  it.each<[OrderStatus, string[]]>([
    [
      'placed',
      [
        'Placed:current',
        'Accepted:todo',
        'Being prepared:todo',
        'Ready to collect:todo',
        'Collected:todo',
      ],
    ],
    [
      'accepted',
      [
        'Placed:done',
        'Accepted:current',
        'Being prepared:todo',
        'Ready to collect:todo',
        'Collected:todo',
      ],
    ],
    [
      'preparing',
      [
        'Placed:done',
        'Accepted:done',
        'Being prepared:current',
        'Ready to collect:todo',
        'Collected:todo',
      ],
    ],
    [
      'ready',
      [
        'Placed:done',
        'Accepted:done',
        'Being prepared:done',
        'Ready to collect:current',
        'Collected:todo',
      ],
    ],
    [
      'completed',
      [
        'Placed:done',
        'Accepted:done',
        'Being prepared:done',
        'Ready to collect:done',
        'Collected:done',
      ],
    ],
  ])('a collection that is %s', (status, expected) => {
    expect(states(status)).toEqual(expected);
  });

  it('a delivery is on its way once it leaves, not when the kitchen has finished it', () => {
    expect(states('ready', 'delivery')).toEqual([
      'Placed:done',
      'Accepted:done',
      'Being prepared:current',
      'On its way:todo',
      'Delivered:todo',
    ]);
    expect(states('out_for_delivery', 'delivery')).toEqual([
      'Placed:done',
      'Accepted:done',
      'Being prepared:done',
      'On its way:current',
      'Delivered:todo',
    ]);
  });

  it('gives each step reached the time it was reached, and none to the steps ahead', () => {
    const steps = trackerOf(orderAt('preparing'))!;
    expect(steps.map((step) => step.at)).toEqual([at(1), at(2), at(3), null, null]);
  });

  it.each<OrderStatus>(['pending_payment', 'payment_failed', 'cancelled', 'rejected'])(
    'has no tracker for an order that is %s (its status says it all)',
    (status) => {
      expect(trackerOf(orderAt(status))).toBeNull();
    },
  );
});

describe('the history the customer reads', () => {
  it('hides "Awaiting payment" once the order is paid', () => {
    expect(visibleHistory(orderAt('accepted')).map((step) => step.status)).toEqual([
      'placed',
      'accepted',
    ]);
  });

  it('keeps it while the order waits for its payment', () => {
    expect(visibleHistory(orderAt('pending_payment')).map((step) => step.status)).toEqual([
      'pending_payment',
    ]);
  });
});

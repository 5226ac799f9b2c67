import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@servery/contract/order';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { OrderProgress } from './order-progress.tsx';

beforeEach(() => {
  stubApiWire();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// 12:00 and 12:05 in London (GMT in November).
const order = {
  status: 'accepted',
  order_type: 'collection',
  asap: true,
  scheduled_for: '2026-11-24T12:30:00.000Z',
  promised_at: '2026-11-24T12:25:00.000Z',
  status_history: [
    { status: 'pending_payment', at: '2026-11-24T11:59:00.000Z' },
    { status: 'placed', at: '2026-11-24T12:00:00.000Z' },
    { status: 'accepted', at: '2026-11-24T12:05:00.000Z' },
  ],
} as Order;

const renderProgress = (shown: Order) =>
  render(
    <Provider store={createTestStore()}>
      <OrderProgress order={shown} />
    </Provider>,
  );

describe('the head of the order page', () => {
  it('leads with the promised time, then marks the step the order is at', () => {
    renderProgress(order);
    expect(screen.getByTestId('order-promised').textContent).toBe('Ready at 12:25 PM');
    const tracker = screen.getByTestId('order-tracker');
    const current = tracker.querySelector('[aria-current="step"]') as HTMLElement;
    expect(within(current).getByText('Accepted')).toBeTruthy();
    expect(current.textContent).toContain('(now)');
    expect(current.textContent).toContain('12:05 PM');
    expect(within(tracker).getAllByText('(done)')).toHaveLength(1);
    expect(screen.getByTestId('order-status').textContent).toBe('Accepted');
  });

  it('says the time once: the promise, not the ASAP estimate beside it', () => {
    renderProgress({ ...order, order_type: 'delivery', scheduled_for: order.promised_at! });
    const time = screen.getByTestId('order-time').textContent!;
    expect(time).toBe('With you around 12:25 PMTimes are the shop’s local time.');
  });

  it('a pre-order keeps its day under the promise, and its own time when the kitchen moved it', () => {
    const ahead = { ...order, asap: false, scheduled_for: '2026-11-30T12:15:00.000Z' };
    renderProgress({ ...ahead, promised_at: ahead.scheduled_for });
    expect(screen.getByTestId('order-time').textContent).toBe(
      'Ready at 12:15 PMScheduled: Monday 30 November 2026Times are the shop’s local time.',
    );
    cleanup();
    renderProgress({ ...ahead, promised_at: '2026-11-30T12:30:00.000Z' });
    expect(screen.getByTestId('order-time').textContent).toBe(
      'Ready at 12:30 PMScheduled: Monday 30 November 2026 at 12:15 PMTimes are the shop’s local time.',
    );
  });

  it('says when a delivery will be with the customer', () => {
    renderProgress({ ...order, order_type: 'delivery' });
    expect(screen.getByTestId('order-promised').textContent).toBe('With you around 12:25 PM');
    expect(within(screen.getByTestId('order-tracker')).getByText('On its way')).toBeTruthy();
  });

  it('has no tracker and no time for an order the shop has declined, only its status and why', () => {
    renderProgress({
      ...order,
      status: 'rejected',
      store: { id: 's1', name: 'Camden', phone: '' },
      shop_reason: { reason: null, words: null },
    });
    expect(screen.queryByTestId('order-tracker')).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe('Declined by the shop');
    // The promised time it had before the shop declined it is no longer expected.
    expect(screen.queryByTestId('order-time')).toBeNull();
    expect(screen.queryByText(/Ready at|As soon as possible/)).toBeNull();
    expect(screen.getByText('Sorry, Camden cannot make your order.')).toBeTruthy();
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskOrder } from '@servery/contract/desk';
import { createAdminState } from '../admin-state.ts';
import { deskOrder } from '../testing/staff-app-fakes.ts';
import { OrderCard } from './order-card.tsx';

beforeEach(() => {
  // The card reads the time once: a fixed clock, six minutes after the order was placed.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T18:06:20.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function card(order: DeskOrder) {
  render(
    <Provider store={createAdminState()}>
      <ul>
        <OrderCard
          order={order}
          timeZone="Europe/London"
          onPrint={() => {}}
          autoRejectMinutes={10}
        />
      </ul>
    </Provider>,
  );
}

const held: DeskOrder['payment'] = {
  method: 'card',
  status: 'authorised',
  paid: true,
  to_collect: 0,
};

describe('a card on the desk', () => {
  it('says how long a new order has waited and how long is left before it is rejected', () => {
    card(deskOrder(1001, { payment: held }));
    // 6:20 waited of a 10-minute answer time, 3:40 left: the two add up, from one moment.
    expect(screen.getByTestId('order-waiting').textContent).toBe(
      'Placed 6:00 PM, waiting 6 min · rejected automatically in 4 min',
    );
  });

  it('gives a pre-order due later the time to answer by, on the shop’s clock', () => {
    card(deskOrder(1002, { scheduled_for: '2026-11-24T21:00:00.000Z', asap: false }));
    expect(screen.getByTestId('order-waiting').textContent).toBe(
      'Placed 6:00 PM, waiting 6 min · answer by 8:30 PM',
    );
  });

  it('gives a delivery the time it must be ready first, then its time at the door', () => {
    // Accepted: at the door at 6:45 PM, 25 minutes on the road.
    const delivery = { order_type: 'delivery' as const, ride_minutes: 25 };
    card(
      deskOrder(1007, { ...delivery, status: 'accepted', promised_at: '2026-11-24T18:45:00.000Z' }),
    );
    expect(screen.getByTestId('order-ready').textContent).toBe('Ready by 6:20 PM');
    expect(screen.getByTestId('order-due').textContent).toBe('At the door 6:45 PM · 25 min ride');
    cleanup();
    // Waiting for an answer: the time the customer asked for, at the door, less the ride.
    card(deskOrder(1008, delivery));
    expect(screen.getByTestId('order-ready').textContent).toBe('ASAP, ready by 6:05 PM');
    expect(screen.getByTestId('order-due').textContent).toBe('At the door 6:30 PM · 25 min ride');
  });

  it('gives a collection the time the customer comes', () => {
    card(deskOrder(1009, { status: 'accepted', promised_at: '2026-11-24T18:40:00.000Z' }));
    expect(screen.getByTestId('order-ready').textContent).toBe('Ready by 6:40 PM');
    expect(screen.getByTestId('order-due').textContent).toBe('Customer collects 6:40 PM');
    cleanup();
    card(deskOrder(1010, { scheduled_for: '2026-11-24T21:00:00.000Z', asap: false }));
    expect(screen.getByTestId('order-ready').textContent).toBe('Ready by 9:00 PM');
  });

  it('says CARD HELD until the card is charged, then PAID, and CASH for cash', () => {
    card(deskOrder(1003, { payment: held }));
    expect(screen.getByText('CARD HELD £27.90')).toBeTruthy();
    cleanup();
    card(
      deskOrder(1004, {
        status: 'accepted',
        payment: { method: 'card', status: 'capture_pending', paid: true, to_collect: 0 },
      }),
    );
    expect(screen.getByText('CARD HELD £27.90')).toBeTruthy();
    cleanup();
    card(
      deskOrder(1005, {
        status: 'accepted',
        payment: { method: 'card', status: 'succeeded', paid: true, to_collect: 0 },
      }),
    );
    expect(screen.getByText('PAID £27.90')).toBeTruthy();
    // An accepted order is not waiting for an answer.
    expect(screen.queryByTestId('order-waiting')).toBeNull();
    cleanup();
    card(deskOrder(1006));
    expect(screen.getByText('CASH £27.90 to collect')).toBeTruthy();
  });
});

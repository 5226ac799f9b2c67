import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { diaryBooking, ok } from '../testing/staff-app-fakes.ts';
import { BookingCard } from './booking-card.tsx';

// Decision 65: a stray Arrived, Seat or Left is taken back from the card for 10 minutes. Only
// Date is faked: the clock the card reads. Timers stay real for the user events.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime('2026-11-27T19:05:00.000Z');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const seated = diaryBooking({
  status: 'seated',
  next: ['completed'],
  undo_until: '2026-11-27T19:14:00.000Z',
  undo_back_to: 'arrived',
});
const card = (booking = seated) =>
  render(
    <Provider store={createAdminState()}>
      <ul>
        <BookingCard booking={booking} />
      </ul>
    </Provider>,
  );

describe('the undo of a one-tap move', () => {
  it('is offered above the moves, says where it goes back to, and sends the move it undoes', async () => {
    const wire = stubApiWire({
      '/api/admin/bookings/b1/undo': ok(diaryBooking({ status: 'arrived' })),
    });
    card();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Undo “Seated” Priya Shah, 4',
      'Left Priya Shah, 4',
    ]);
    expect(screen.getByText('Back to Arrived · 9 minutes left to undo')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Undo “Seated”\s?Priya Shah, 4$/ }));
    expect(wire.sent.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/admin/bookings/b1/undo', { status: 'seated' }],
    ]);
  });

  it('offers to take a walk-in added by mistake off the diary', async () => {
    const wire = stubApiWire({
      '/api/admin/bookings/b1/undo': ok(diaryBooking({ status: 'cancelled' })),
    });
    card(diaryBooking({ ...seated, source: 'walk_in', undo_back_to: 'cancelled' }));
    expect(
      screen.getByText('Takes the walk-in off the diary · 9 minutes left to undo'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Undo “Seated”/ }));
    expect(wire.sent.map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/bookings/b1/undo', { status: 'seated' }],
    ]);
  });

  it('says the server’s refusal on the card', async () => {
    stubApiWire({
      '/api/admin/bookings/b1/undo': {
        status: 409,
        body: {
          status: 409,
          message:
            'This booking is completed now, not seated: there is nothing to undo. The diary shows where it is.',
          data: null,
        },
      },
    });
    card();
    await userEvent.click(screen.getByRole('button', { name: /^Undo “Seated”/ }));
    await screen.findByText(
      'This booking is completed now, not seated: there is nothing to undo. The diary shows where it is.',
    );
  });

  it('is gone once its 10 minutes have passed, and never offered without a move to undo', () => {
    vi.setSystemTime('2026-11-27T19:14:00.000Z');
    card();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    cleanup();
    card(diaryBooking({ status: 'seated', next: ['completed'], source: 'walk_in' }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Left Priya Shah, 4']);
  });

  it('takes Left back to Seated', () => {
    card(
      diaryBooking({
        status: 'completed',
        next: [],
        undo_until: '2026-11-27T19:15:00.000Z',
        undo_back_to: 'seated',
      }),
    );
    expect(screen.getByRole('button', { name: /^Undo “Left”/ })).toBeTruthy();
    expect(screen.getByText('Back to Seated · 10 minutes left to undo')).toBeTruthy();
  });
});

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { diaryBooking, ok } from '../testing/staff-app-fakes.ts';
import { BookingCard } from './booking-card.tsx';
import { DiaryNotice } from './diary-notice.ts';

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
  moved_at: '2026-11-27T19:04:00.000Z',
});
/** What the diary's line of news above the day was told (diary-notice.ts). */
let notices: string[] = [];
const card = (booking = seated) => {
  notices = [];
  return render(
    <Provider store={createAdminState()}>
      <DiaryNotice.Provider value={(message) => notices.push(message)}>
        <ul>
          <BookingCard booking={booking} />
        </ul>
      </DiaryNotice.Provider>
    </Provider>,
  );
};

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
      ['POST', '/api/admin/bookings/b1/undo', { status: 'seated', at: '2026-11-27T19:04:00.000Z' }],
    ]);
    // A first tap's success is shown by the card itself, once the day is read again.
    expect(notices).toEqual([]);
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
      ['/api/admin/bookings/b1/undo', { status: 'seated', at: '2026-11-27T19:04:00.000Z' }],
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

  // Decision 78: the first tap's answer was lost (the server's connection cut after its commit,
  // or the network); tapped again, the server answers it done, and the diary says so in words.
  it('says the undo is done when tapped again after a tap that got no answer', async () => {
    const wire = stubApiWire({
      '/api/admin/bookings/b1/undo': {
        status: 503,
        body: {
          status: 503,
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
          data: null,
        },
      },
    });
    card();
    const undo = () => screen.getByRole('button', { name: /^Undo “Seated”/ });
    await userEvent.click(undo());
    await screen.findByText(
      'The service is briefly unavailable. Please try again in a few seconds.',
    );
    expect(notices).toEqual([]);

    wire.answers['/api/admin/bookings/b1/undo'] = ok(diaryBooking({ status: 'arrived' }));
    await userEvent.click(undo());
    await waitFor(() => expect(notices).toEqual(['Undone. Priya Shah, 4 is back to Arrived.']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(wire.sent.map((c) => c.body)).toEqual([
      { status: 'seated', at: '2026-11-27T19:04:00.000Z' },
      { status: 'seated', at: '2026-11-27T19:04:00.000Z' },
    ]);
  });

  it('says a walk-in is off the diary, and a no-show booked again, when so tapped again', async () => {
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => {});
    const wire = stubApiWire({
      '/api/admin/bookings/b1/undo': { status: 200, body: null, after: lost },
    });
    card(diaryBooking({ ...seated, source: 'walk_in', people: '2', undo_back_to: 'cancelled' }));
    const undoSeat = () => screen.getByRole('button', { name: /^Undo “Seated”/ });
    await userEvent.click(undoSeat());
    await screen.findByText('The server could not be reached. Check the connection and try again.');
    wire.answers['/api/admin/bookings/b1/undo'] = ok(diaryBooking({ status: 'cancelled' }));
    await userEvent.click(undoSeat());
    await waitFor(() => expect(notices).toEqual(['Undone. Priya Shah, 2 is taken off the diary.']));
    cleanup();

    wire.answers['/api/admin/bookings/b1/undo'] = { status: 200, body: null, after: lost };
    card(
      diaryBooking({
        status: 'no_show',
        next: [],
        undo_no_show_until: '2026-11-27T19:14:00.000Z',
        moved_at: '2026-11-27T19:04:00.000Z',
      }),
    );
    const undoNoShow = () => screen.getByRole('button', { name: /^Undo no-show/ });
    await userEvent.click(undoNoShow());
    await screen.findByRole('alert');
    wire.answers['/api/admin/bookings/b1/undo'] = ok(diaryBooking());
    await userEvent.click(undoNoShow());
    await waitFor(() => expect(notices).toEqual(['Undone. Priya Shah, 4 is booked again.']));
    expect(wire.sent.at(-1)?.body).toEqual({ status: 'no_show', at: '2026-11-27T19:04:00.000Z' });
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

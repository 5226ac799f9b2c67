import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiaryBooking, DiaryDay } from '@servery/contract/diary';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { diaryBooking } from '../testing/staff-app-fakes.ts';
import { BookingCard } from './booking-card.tsx';
import { DiarySlots } from './diary-slots.tsx';
import { diaryCsv } from './diary-csv.ts';
import { undoMinutesLeft } from './no-show-controls.tsx';

// Only Date is faked: the clock the card reads. Timers stay real for the user events.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime('2026-11-27T19:20:00.000Z');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const booking = diaryBooking;
/** POST /api/admin/bookings/{id}/status' answer, at the wire. */
const ok = (data: DiaryBooking) => ({ status: 200, body: { status: 200, message: 'OK', data } });
const inStore = (ui: React.ReactNode) =>
  render(<Provider store={createAdminState()}>{ui}</Provider>);

describe('a booking in the diary', () => {
  it('offers exactly the one-tap moves its status allows', () => {
    inStore(
      <ul>
        <BookingCard booking={booking()} />
      </ul>,
    );
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([
      'Arrived Priya Shah, 4',
      'Seat Priya Shah, 4',
      'No-show… Priya Shah, 4',
      'Change… Priya Shah, 4',
      'Cancel…',
    ]);
    expect(screen.getByText('Booked')).toBeTruthy();
    expect(screen.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe(
      'tel:07700900123',
    );
  });

  // Finding 9 of the walk: slots read "05:30 PM" under "Dinner 17:30–22:00". The slot stays
  // '07:00 PM' in the API (SPEC §3); the diary prints it as every staff screen prints a time.
  it('prints its time as the staff screens print times, and its slot the same', () => {
    const day: DiaryDay = {
      date: '2026-11-27',
      time_zone: 'Europe/London',
      store: { id: 'st1', name: 'Camden' },
      capacity_per_slot: 20,
      services: [
        {
          id: '18:00-22:00',
          label: 'Dinner 6:00 PM – 10:00 PM',
          covers: 4,
          bookings: 1,
          slots: [
            { time: '07:00 PM', covers: 4, capacity: 20, closed: false, bookings: [booking()] },
          ],
        },
      ],
      other: [],
      requests: [],
      closeouts: [],
      totals: { covers: 4, bookings: 1, requested: 0 },
    };
    inStore(<DiarySlots day={day} mayClose={false} />);
    expect(screen.getByRole('meter', { name: 'Covers at 7:00 PM' })).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Priya Shah, 4 at 7:00 PM' });
    expect(card.textContent).toContain('7:00 PM · 07700 900123');
    expect(document.body.textContent).not.toContain('07:00 PM');
  });

  it('offers no no-show before 15 minutes past the booking’s time', () => {
    vi.setSystemTime('2026-11-27T19:14:00.000Z');
    inStore(
      <ul>
        <BookingCard booking={booking({ next: ['arrived', 'seated', 'cancelled'] })} />
      </ul>,
    );
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([
      'Arrived Priya Shah, 4',
      'Seat Priya Shah, 4',
      'Change… Priya Shah, 4',
      'Cancel…',
    ]);
  });

  it('asks before a no-show, then offers its undo for 10 minutes (issue 27, point 6)', async () => {
    const marked = booking({
      status: 'no_show',
      next: [],
      undo_no_show_until: '2026-11-27T19:30:00.000Z',
      moved_at: '2026-11-27T19:20:00.000Z',
    });
    const wire = stubApiWire({
      '/api/admin/bookings/b1/status': ok(marked),
      '/api/admin/bookings/b1/undo': ok(booking()),
    });
    const view = inStore(
      <ul>
        <BookingCard booking={booking()} />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: /^No-show…\s?Priya Shah, 4$/ }));
    const ask = screen.getByRole('dialog', { name: 'No-show Priya Shah, 4?' });
    expect(ask.textContent).toContain(
      'Mark Priya Shah, 4 at 7:00 PM as a no-show? Their seats go back to the slot. You can undo it for 10 minutes.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep booked' }));
    expect(screen.queryByRole('dialog', { name: 'No-show Priya Shah, 4?' })).toBeNull();
    expect(wire.sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: /^No-show…\s?Priya Shah, 4$/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, no-show' }));
    expect(wire.sent.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/admin/bookings/b1/status', { status: 'no_show' }],
    ]);

    // The diary refetches the day and the card is a no-show, with its undo.
    view.rerender(
      <Provider store={createAdminState()}>
        <ul>
          <BookingCard booking={marked} />
        </ul>
      </Provider>,
    );
    expect(screen.getByText('10 minutes left to undo')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Undo no-show\s?Priya Shah, 4$/ }));
    // The no-show is named by its moment (decision 78).
    expect(wire.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/admin/bookings/b1/undo',
      body: { status: 'no_show', at: '2026-11-27T19:20:00.000Z' },
    });
  });

  it('offers no undo once the 10 minutes have passed', () => {
    vi.setSystemTime('2026-11-27T19:30:00.000Z');
    inStore(
      <ul>
        <BookingCard
          booking={booking({
            status: 'no_show',
            next: [],
            undo_no_show_until: '2026-11-27T19:30:00.000Z',
          })}
        />
      </ul>,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('No-show')).toBeTruthy();
  });

  it('asks the real party size before confirming a 10+ request, and checks it first', async () => {
    const request = booking({
      people: '10+',
      covers: 0,
      status: 'requested',
      next: ['confirmed', 'declined'],
    });
    const wire = stubApiWire({
      '/api/admin/bookings/b1/status': ok({ ...request, status: 'confirmed', people: '12' }),
    });
    inStore(
      <ul>
        <BookingCard booking={request} showDate />
      </ul>,
    );
    expect(screen.getByText(/Friday,? 27 November 2026, 7:00 PM/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm…' }));
    const size = await screen.findByRole('spinbutton', { name: 'How many people, for sure?' });
    const confirm = screen.getByRole('button', { name: 'Confirm and e-mail the guest' });

    // Refused on the card, in the contract's words, before anything is sent.
    await userEvent.clear(size);
    await userEvent.click(confirm);
    expect((await screen.findByText('Give the number of people')).id).toBe(
      size.getAttribute('aria-describedby'),
    );
    await userEvent.type(size, '0');
    await userEvent.click(confirm);
    await screen.findByText('At least 1 person');
    expect(wire.sent).toEqual([]);

    await userEvent.clear(size);
    await userEvent.type(size, '12');
    await userEvent.click(confirm);
    expect(wire.sent.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/admin/bookings/b1/status', { status: 'confirmed', people: 12 }],
    ]);
  });

  it('declines only with a reason the guest reads; cancels with or without one', async () => {
    const request = booking({ status: 'requested', next: ['confirmed', 'declined'] });
    const wire = stubApiWire({
      '/api/admin/bookings/b1/status': ok({ ...request, status: 'declined' }),
    });
    const view = inStore(
      <ul>
        <BookingCard booking={request} />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decline…' }));
    const why = await screen.findByRole('textbox', { name: /Why can you not take it\?/ });
    await userEvent.type(why, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Decline and e-mail the guest' }));
    await screen.findByText('Say why, in a few words: the guest reads it');
    expect(why.getAttribute('aria-invalid')).toBe('true');
    expect(wire.sent).toEqual([]);
    await userEvent.type(why, 'Private party that night ');
    await userEvent.click(screen.getByRole('button', { name: 'Decline and e-mail the guest' }));
    expect(wire.sent.map((c) => c.body)).toEqual([
      { status: 'declined', reason: 'Private party that night' },
    ]);

    // "Keep it" closes the form with nothing sent; a cancellation needs no reason.
    view.rerender(
      <Provider store={createAdminState()}>
        <ul>
          <BookingCard booking={booking()} />
        </ul>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel…' }));
    await screen.findByRole('textbox', { name: /Why is it cancelled\?/ });
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the booking' }));
    expect(wire.sent.at(-1)?.body).toEqual({ status: 'cancelled' });
  });

  it('shows no moves once the booking is over', () => {
    inStore(
      <ul>
        <BookingCard booking={booking({ status: 'completed', next: [] })} />
      </ul>,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('Left')).toBeTruthy();
  });
});

describe('the minutes left to undo a no-show', () => {
  const until = '2026-11-17T19:25:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('never says more than the 10 the confirm promised, though the screen’s clock lags', () => {
    // The screen's clock ticks every 15 s: just after the mark it can still read a time before it.
    expect(undoMinutesLeft(until, at('2026-11-17T19:14:50.000Z'))).toBe(10);
    expect(undoMinutesLeft(until, at('2026-11-17T19:15:00.000Z'))).toBe(10);
  });
  it('counts down in whole minutes, and says 1 to the end', () => {
    expect(undoMinutesLeft(until, at('2026-11-17T19:20:30.000Z'))).toBe(5);
    expect(undoMinutesLeft(until, at('2026-11-17T19:24:59.000Z'))).toBe(1);
  });
});

describe('the CSV of a day', () => {
  it('has a row per booking, quotes what needs it and keeps formulas as text', () => {
    const day = {
      date: '2026-11-27',
      services: [
        {
          slots: [
            {
              bookings: [
                booking({ name: 'Shah, Priya', message: 'Say "hi"' }),
                booking({ id: 'b2', name: '=HYPERLINK("x")', status: 'no_show' }),
              ],
            },
          ],
        },
      ],
      other: [],
    } as unknown as DiaryDay;
    const lines = diaryCsv(day).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Time,Name,People,Covers,Status,Source,Phone,E-mail,Message,Note');
    expect(lines[1]).toBe(
      '2026-11-27,07:00 PM,"Shah, Priya",4,4,confirmed,online,07700900123,priya@example.com,"Say ""hi""",',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('no show');
  });
});

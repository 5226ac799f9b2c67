import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiaryBooking } from '@servery/contract/diary';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { AddBookingForm } from './add-booking-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const inStore = (ui: React.ReactNode) =>
  render(<Provider store={createAdminState()}>{ui}</Provider>);
/** The booking the server answers with: what the form's message names. */
const booked = (name: string, covers: number) =>
  ({ name, covers, source: 'phone', time: '07:30 PM' }) as DiaryBooking;

describe('the quick add form', () => {
  it('names each problem at its field before sending anything', async () => {
    inStore(
      <AddBookingForm
        date="2026-11-27"
        times={['07:00 PM']}
        isToday={false}
        mayOverbook={false}
        onDone={() => {}}
      />,
    );
    // The party's size: big − and + from 2, not a number box's small spinner.
    const people = screen.getByRole('group', { name: 'People' });
    expect(within(people).getByRole('status').textContent).toBe('2');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // A walk-in is only for today.
    expect((screen.getByRole('radio', { name: /walk-in/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('checkbox', { name: /overbook/ })).toBeNull();
  });
});

describe('the quick add form, sending', () => {
  const form = (onDone: (message: string) => void) =>
    inStore(
      <AddBookingForm
        date="2026-11-27"
        times={['07:00 PM', '07:30 PM']}
        isToday
        mayOverbook
        onDone={onDone}
      />,
    );

  it('sends the contract’s body: the party as a number, blanks left out, words trimmed', async () => {
    const wire = stubApiWire({
      '/api/admin/bookings': {
        status: 201,
        body: { status: 201, message: 'Booked.', data: booked('Tom Reid', 3) },
      },
    });
    const done = vi.fn();
    form(done);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time' }), '07:30 PM');
    await userEvent.click(screen.getByRole('button', { name: 'One person more' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Tom Reid ');
    await userEvent.type(screen.getByRole('textbox', { name: /^Note/ }), 'High chair');
    await userEvent.click(screen.getByRole('checkbox', { name: /overbook/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add booking' }));

    await vi.waitFor(() => expect(done).toHaveBeenCalledWith('Tom Reid, 3: booked for 7:30 PM.'));
    expect(wire.sent.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/admin/bookings',
        {
          date: '2026-11-27',
          time: '07:30 PM',
          number_of_people: 3,
          name: 'Tom Reid',
          source: 'phone',
          message: 'High chair',
          over_capacity: true,
        },
      ],
    ]);
    // Ready for the next party, of two again.
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
    const people = screen.getByRole('group', { name: 'People' });
    expect(within(people).getByRole('status').textContent).toBe('2');
  });

  it('puts the server’s refusal on its field, with its message above the button', async () => {
    stubApiWire({
      '/api/admin/bookings': {
        status: 409,
        body: {
          status: 409,
          message: 'That time is full.',
          data: null,
          errors: { time: 'That time is full: choose another, or overbook.' },
        },
      },
    });
    form(() => {});
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tom Reid');
    await userEvent.click(screen.getByRole('button', { name: 'Add booking' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That time is full.');
    const time = screen.getByRole('combobox', { name: /^Time/ });
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(time.getAttribute('aria-describedby')!)?.textContent).toBe(
      'That time is full: choose another, or overbook.',
    );
  });
});

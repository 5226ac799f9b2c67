import type { Customer } from '@servery/contract/auth';
import type { CustomerBooking } from '@servery/contract/reservation';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { signIn, signOut } from '../../../lib/session.ts';
import { toasts } from '../../../lib/toast.ts';
import { YourBookings } from './your-bookings.tsx';

const customer: Customer = {
  id: 'c1',
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'priya@example.com',
  phone: null,
  email_verified: true,
  phone_verified: false,
  marketing_consent: false,
  referral_code: 'PRIYA234',
};

const booking = (overrides: Partial<CustomerBooking>): CustomerBooking => ({
  id: 'b1',
  date: '2026-12-04',
  time: '07:00 PM',
  number_of_people: '4',
  name: 'Priya Shah',
  status: 'confirmed',
  restaurant: 'Tandoor Lane',
  upcoming: true,
  cancellable: true,
  note: null,
  ...overrides,
});

const listed = (data: CustomerBooking[]) => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire();
  signIn({ token: 'token-1', expires_at: '2099-01-01T00:00:00.000Z', customer });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  toasts.set([]);
});

function renderSection() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/account']}>
        <YourBookings />
      </MemoryRouter>
    </Provider>,
  );
}

describe('table bookings on the account page', () => {
  it('lists the upcoming bookings with their status and the past ones apart', async () => {
    wire.answers['/api/customer/bookings'] = listed([
      booking({ id: 'b1' }),
      booking({ id: 'b2', date: '2026-12-18', number_of_people: '10+', status: 'requested' }),
      booking({
        id: 'b3',
        date: '2026-11-02',
        status: 'cancelled',
        upcoming: false,
        cancellable: false,
        note: 'The kitchen is closed for a private party.',
      }),
    ]);
    renderSection();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming bookings' });
    const items = within(upcoming).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Fri 4 Dec 2026, 07:00 PMTable for 4 · ConfirmedCancel booking',
      'Fri 18 Dec 2026, 07:00 PMTable for 10+ · Requested: the restaurant will confirm it by e-mailCancel booking',
    ]);
    const past = screen.getByRole('list', { name: 'Past bookings' });
    expect(past.textContent).toBe(
      'Mon 2 Nov 2026, 07:00 PMTable for 4 · CancelledThe restaurant said: The kitchen is closed for a private party.',
    );
    expect(wire.sent[0]).toMatchObject({
      method: 'GET',
      path: '/api/customer/bookings',
      authorization: 'Bearer token-1',
    });
  });

  it('says where bookings come from when there are none', async () => {
    wire.answers['/api/customer/bookings'] = listed([]);
    renderSection();
    await screen.findByText(/You have no upcoming table bookings\./);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks before cancelling, cancels, and shows the booking cancelled', async () => {
    wire.answers['/api/customer/bookings'] = listed([booking({ id: 'b1' })]);
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel the booking on Fri 4 Dec 2026, 07:00 PM' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain(
      'Your table for 4 on Fri 4 Dec 2026, 07:00 PM is given to someone else.',
    );
    // Changing one's mind sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    expect(wire.sent.filter((call) => call.path.endsWith('/cancel'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: /Cancel the booking on/ }));
    wire.answers['POST /api/customer/bookings/b1/cancel'] = {
      status: 200,
      body: {
        status: 200,
        message: 'Your booking is cancelled.',
        data: booking({ id: 'b1', status: 'cancelled', cancellable: false }),
      },
    };
    wire.answers['/api/customer/bookings'] = listed([
      booking({ id: 'b1', status: 'cancelled', cancellable: false }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() =>
      expect(toasts.get().map((t) => [t.kind, t.message])).toContainEqual([
        'success',
        'Your booking is cancelled.',
      ]),
    );
    await screen.findByText('Table for 4 · Cancelled');
    expect(screen.queryByRole('button', { name: /Cancel the booking on/ })).toBeNull();
    expect(wire.sent.filter((call) => call.path.endsWith('/cancel'))).toMatchObject([
      { path: '/api/customer/bookings/b1/cancel', authorization: 'Bearer token-1' },
    ]);
  });

  it('says why a cancellation was refused and reads the list again', async () => {
    wire.answers['/api/customer/bookings'] = listed([booking({ id: 'b1' })]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel the booking on/ }));
    wire.answers['POST /api/customer/bookings/b1/cancel'] = {
      status: 409,
      body: { status: 409, message: 'This booking is already cancelled.' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() =>
      expect(toasts.get().map((t) => t.message)).toContain('This booking is already cancelled.'),
    );
    await vi.waitFor(() =>
      expect(wire.sent.filter((call) => call.path === '/api/customer/bookings')).toHaveLength(2),
    );
  });
});

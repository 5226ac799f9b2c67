import type { ReservationTimings } from '@servery/contract/reservation';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { forgetBooking } from '../../../lib/last-booking.ts';
import { toasts } from '../../../lib/toast.ts';
import { ReservationForm } from './reservation-form.tsx';

const TODAY = '2026-11-24';
const timings = (slots: string[]): ReservationTimings => ({
  date: TODAY,
  slots,
  booking_days_allowed: 60,
  allow_booking_whatsapp_share: 'true',
  booking_whatsapp_number: '447700900321',
  closed_message: null,
});
const answer = (slots: string[]) => ({
  status: 200,
  body: { status: 200, message: 'OK', data: timings(slots) },
});

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire();
});
afterEach(() => {
  // A booking made here is remembered for the home page's card (lib/last-booking.ts).
  forgetBooking();
  cleanup();
  vi.unstubAllGlobals();
  toasts.set([]);
});

function renderForm() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter>
        <ReservationForm today={TODAY} />
      </MemoryRouter>
    </Provider>,
  );
}
const timeBox = () => screen.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement;

describe('the reservation form', () => {
  it('picks today’s first remaining slot once the times arrive', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM', '06:30 PM']);
    renderForm();
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    expect((screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe(
      '24/11/2026',
    );
    expect(screen.getByRole('textbox', { name: 'Date' }).hasAttribute('readonly')).toBe(true);
  });

  it('says why the time list is empty when the call fails, and Retry loads the times', async () => {
    wire.answers['/api/reservation/timings'] = {
      status: 500,
      body: { status: 500, message: 'Oops! Something went wrong.' },
    };
    renderForm();
    await screen.findByText('We could not load the times for this date.');
    expect(timeBox().disabled).toBe(true);
    expect(timeBox().getAttribute('aria-describedby')).toBe('reservation-time-status');

    wire.answers['/api/reservation/timings'] = answer(['07:00 PM']);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(timeBox().value).toBe('07:00 PM'));
    expect(screen.queryByText('We could not load the times for this date.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says the restaurant is closed, in its words, and offers no Submit while it is', async () => {
    const closed = 'Closed for Diwali, back on Friday.';
    wire.answers['/api/reservation/timings'] = {
      status: 200,
      body: { status: 200, message: 'OK', data: { ...timings([]), closed_message: closed } },
    };
    renderForm();
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(`No tables can be booked right now. ${closed}`);
    // The time list says why it is empty without sending the guest to another date.
    expect(await screen.findByText('No times while the restaurant is closed.')).toBeTruthy();
    expect(screen.queryByText(/Please choose another date/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says so when a day has no times left', async () => {
    wire.answers['/api/reservation/timings'] = answer([]);
    renderForm();
    await screen.findByText('There are no more times to book today. Please choose another date.');
    expect(timeBox().value).toBe('');
    expect(timeBox().options[0]?.textContent).toBe('Pick a Time');
  });

  it('shows no error before the first submit attempt, then each on its field', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM']);
    renderForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'priya@');
    await userEvent.tab();
    expect(screen.queryByText('Enter a valid email')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Enter a valid email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('reservation-email-error');
    expect(screen.getByText('Name is required').id).toBe('reservation-name-error');
    expect(wire.sent.some((call) => call.path === '/api/booking')).toBe(false);
  });

  it('after a submit, checks each field again as it changes: the mended error goes, the others stay', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM']);
    renderForm();
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const people = screen.getByRole('combobox', { name: 'Number of people' });
    // The first field in error in reading order takes focus.
    await vi.waitFor(() => expect(document.activeElement).toBe(people));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(name, 'Priya Shah');
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(people.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(people, '4');
    await vi.waitFor(() => expect(people.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('sends the booking as typed, and Submit waits while it is on its way', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM', '06:30 PM']);
    let answerBooking: () => void = () => undefined;
    wire.answers['/api/booking'] = {
      status: 200,
      body: { status: 200, message: 'Booked' },
      after: new Promise<void>((resolve) => (answerBooking = resolve)),
    };
    renderForm();
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    await userEvent.selectOptions(timeBox(), '06:30 PM');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number of people' }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Priya Shah');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'priya@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '07700 900123');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'A high chair');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);

    await vi.waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    const sent = wire.sent.filter((call) => call.path === '/api/booking');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      date: TODAY,
      time: '06:30 PM',
      name: 'Priya Shah',
      email: 'priya@example.com',
      message: 'A high chair',
    });
    answerBooking();
    await vi.waitFor(() => expect(toasts.get().map((t) => t.message)).toContain('Booked'));
  });

  it('reports a typed date that is not valid (product.md §8 code 1) and keeps the chosen date', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM']);
    renderForm();
    const date = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
    // The box is read-only; text can still arrive from autofill or a script.
    fireEvent.change(date, { target: { value: '13/45/2026' } });
    await screen.findByText('Choose a date from the calendar.');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe(
      'reservation-date-hint reservation-date-error',
    );
    expect(date.value).toBe('24/11/2026');
  });

  const fillAndSubmit = async () => {
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number of people' }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Priya Shah');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'priya@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone/ }), '07700900123');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  };

  it('a refused booking resets the form and toasts the message, with no error left on a field', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM']);
    wire.answers['/api/booking'] = {
      status: 400,
      body: {
        status: 400,
        message: 'Enter a valid input!',
        errors: { phone: 'Enter a UK phone number, such as 07700 900123' },
      },
    };
    renderForm();
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    await fillAndSubmit();

    await vi.waitFor(() =>
      expect(toasts.get().map((t) => t.message)).toContain('Enter a valid input!'),
    );
    const phone = screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement;
    await vi.waitFor(() => expect(phone.value).toBe(''));
    expect(phone.getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    // What the server said stays in sight above Submit, not on the emptied phone field.
    const note = screen.getByText('Your table was not booked.').parentElement!;
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe(
      'Your table was not booked.Enter a valid input!Enter a UK phone number, such as 07700 900123',
    );
  });

  it('a time that filled up meanwhile: the reset time field shows the new time and no stale error', async () => {
    wire.answers['/api/reservation/timings'] = answer(['06:00 PM', '06:30 PM']);
    const full = 'Sorry, 06:30 PM is fully booked for 2 people. The nearest free time is 06:00 PM.';
    wire.answers['/api/booking'] = {
      status: 409,
      body: { status: 409, message: full, errors: { time: full } },
    };
    renderForm();
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    await userEvent.selectOptions(timeBox(), '06:30 PM');
    await fillAndSubmit();

    await vi.waitFor(() => expect(toasts.get().map((t) => t.message)).toContain(full));
    // product.md §4: the form starts again, today's first time picked once more.
    await vi.waitFor(() => expect(timeBox().value).toBe('06:00 PM'));
    expect(timeBox().getAttribute('aria-invalid')).toBe('false');
    expect(timeBox().getAttribute('aria-describedby')).toBeNull();
    expect(document.getElementById('reservation-time-error')).toBeNull();
    // Nothing else is marked either: the form is as new.
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    // The nearest free time the toast named is still there to read, said once.
    expect(screen.getByText('Your table was not booked.').parentElement?.textContent).toBe(
      `Your table was not booked.${full}`,
    );
  });
});

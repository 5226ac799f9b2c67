import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetBooking, LAST_BOOKING_KEY, rememberBooking } from '../../../lib/last-booking.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { BookingCard } from './booking-card.tsx';

afterEach(() => {
  cleanup();
  forgetBooking();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const booked = {
  date: '2026-12-04',
  time: '07:00 PM',
  number_of_people: '4',
  name: 'Leah Okafor',
  email: 'leah@example.com',
  phone: '07700900123',
  message: '',
} as const;
const answer =
  'Thank you, Leah Okafor! Your table for 4 on 04/12/2026 at 07:00 PM is booked. We have e-mailed you the details.';

// The shop as its configuration names it: the calendar entry's name, address and clock.
const config = {
  websiteName: 'Tandoor Lane; Camden, Kitchen',
  locationData: { addressLine1: '12 Parkway', addressLine2: 'London NW1 7AA', directionLink: '' },
  timeZone: 'Europe/London',
};

const renderCard = () => {
  localStorage.setItem(STORAGE_KEYS.configData, JSON.stringify(config));
  const wire = stubApiWire({
    '/api/loadconfig': { status: 200, body: { status: 200, message: 'OK', data: config } },
  });
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter>
        <BookingCard />
      </MemoryRouter>
    </Provider>,
  );
  return wire;
};

/** The file behind a data: link. */
const fileOf = (href: string) => decodeURIComponent(href.slice(href.indexOf(',') + 1));

describe('the booking card on the home page', () => {
  it('shows nothing before a booking is made', () => {
    renderCard();
    expect(screen.queryByRole('region', { name: 'Your booking' })).toBeNull();
  });

  it('shows the booking just made: party, day, time and the restaurant’s answer', () => {
    rememberBooking(booked, answer);
    renderCard();
    const card = screen.getByRole('region', { name: 'Your booking' });
    expect(card.textContent).toContain('Table for 4');
    expect(card.textContent).toContain('Friday 4 December 2026 at 07:00 PM');
    expect(card.textContent).toContain(answer);
    expect(screen.getByRole('link', { name: 'Book another table' }).getAttribute('href')).toBe(
      '/reservation',
    );
  });

  it('is kept for the visit (session storage), and Dismiss removes it', async () => {
    rememberBooking({ ...booked, number_of_people: '10+' }, answer);
    expect(JSON.parse(sessionStorage.getItem(LAST_BOOKING_KEY)!)).toMatchObject({
      date: '2026-12-04',
      time: '07:00 PM',
      number_of_people: '10+',
    });
    renderCard();
    expect(screen.getByRole('region', { name: 'Your booking' }).textContent).toContain(
      'Table for 10+',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Your booking' })).toBeNull();
    expect(sessionStorage.getItem(LAST_BOOKING_KEY)).toBeNull();
  });

  it('offers the booking as a calendar file on the shop’s clock, and says where to cancel', async () => {
    rememberBooking(booked, answer);
    const wire = renderCard();
    await waitFor(() => expect(wire.sent).toHaveLength(1));
    const card = screen.getByRole('region', { name: 'Your booking' });
    expect(card.textContent).toContain(
      'Can’t make it? The confirmation e-mail has the link to cancel your booking.',
    );
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('download')).toBe('booking-2026-12-04.ics');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    const ics = fileOf(href).replace(/\r\n /g, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // 7 PM on 4 December in London is 19:00 UTC (GMT).
    expect(ics).toContain('\r\nDTSTART:20261204T190000Z\r\nDTEND:20261204T210000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Table for 4 at Tandoor Lane\\; Camden\\, Kitchen\r\n');
    expect(ics).toContain(
      '\r\nLOCATION:Tandoor Lane\\; Camden\\, Kitchen\\, 12 Parkway\\, London NW1 7AA\r\n',
    );
    // The same UID each time the card is drawn: a calendar that imports it twice keeps one.
    const uid = /\r\nUID:([^\r]+)\r\n/.exec(ics)![1]!;
    expect(uid).toMatch(/^[0-9a-f]{32}@/);
    cleanup();
    renderCard();
    const again = screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')!;
    expect(fileOf(again)).toContain(`UID:${uid}`);
  });
});

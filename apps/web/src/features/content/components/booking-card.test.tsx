import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetBooking, LAST_BOOKING_KEY, rememberBooking } from '../../../lib/last-booking.ts';
import { BookingCard } from './booking-card.tsx';

afterEach(() => {
  cleanup();
  forgetBooking();
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

const renderCard = () =>
  render(
    <MemoryRouter>
      <BookingCard />
    </MemoryRouter>,
  );

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
});

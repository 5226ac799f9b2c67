import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { forgetBooking, useLastBooking } from '../../../lib/last-booking.ts';
import { AddToCalendar } from './add-to-calendar.tsx';

/** '2026-12-04' → 'Friday 4 December 2026' (the date is the shop's own day, not an instant). */
export function bookingDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const at = new Date(Date.UTC(year!, month! - 1, day!));
  const part = (options: Intl.DateTimeFormatOptions) =>
    at.toLocaleDateString('en-GB', { timeZone: 'UTC', ...options });
  // Two calls: ICU versions differ on the comma after the weekday.
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/**
 * Issue 20, point 8: the booking just made, on the home page the guest lands on after booking
 * (kept for the visit), so they are not left on an empty hero. Nothing when there is none.
 * Issue 30, point 9: it offers "Add to calendar" and says where the cancel link is (the booking
 * answer carries no cancel token; the e-mail does).
 */
export function BookingCard({ className }: { className?: string }) {
  const booking = useLastBooking();
  if (!booking) return null;
  return (
    <section
      aria-labelledby="booking-card-title"
      className={`${CARD_CLASS} border-l-4 border-emerald-700 ${className ?? ''}`}
      data-testid="booking-card"
    >
      <h2 id="booking-card-title" className="text-xl font-semibold">
        Your booking
      </h2>
      <p className="mt-2 text-2xl font-bold">
        Table for {booking.number_of_people}
        <span className="sr-only">,</span>
        <span className="block text-lg font-semibold text-stone-800">
          {bookingDay(booking.date)} at {booking.time}
        </span>
      </p>
      <p className="mt-2 text-stone-800">{booking.message}</p>
      <p className="mt-2 text-stone-800">
        Can’t make it? The confirmation e-mail has the link to cancel your booking.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <AddToCalendar booking={booking} />
        <Link to="/reservation" className={buttonClass({ variant: 'outline' })}>
          Book another table
        </Link>
        <Button variant="ghost" onClick={forgetBooking}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}

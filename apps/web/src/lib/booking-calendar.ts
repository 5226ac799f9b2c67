import { bookingEnd, bookingStart, calendarFile } from '@servery/contract/calendar-file';
import { slotMinutes } from '@servery/contract/clock';
import type { LastBooking } from './last-booking.ts';

/** What the calendar entry says about the shop: its name, address and clock. */
export interface CalendarShop {
  name: string;
  address: string;
  timeZone: string;
}

/**
 * Issue 30, point 9: the booking just made as an iCalendar file, built in the browser from what
 * the guest chose (the booking answer carries no data). The shop's wall-clock date and slot
 * become UTC instants on the shop's own time zone, whatever the phone's zone.
 */
export function bookingCalendarFile(booking: LastBooking, shop: CalendarShop, now = new Date()) {
  const startsAt = bookingStart(booking.date, booking.time, shop.timeZone);
  return calendarFile({
    // A card kept from before the UID was stored: one still stable for the booking.
    uid: booking.uid ?? `booking-${booking.date}-${slotMinutes(booking.time)}@servery`,
    stamp: booking.booked_at ? new Date(booking.booked_at) : now,
    startsAt,
    endsAt: bookingEnd(startsAt),
    summary: `Table for ${booking.number_of_people} at ${shop.name}`,
    location: [shop.name, shop.address].filter(Boolean).join(', '),
    description: `Booked by ${booking.name}. To cancel, use the link in your confirmation e-mail.`,
  });
}

/** The file as a link's address (a data URL needs nothing revoked). */
export const calendarHref = (ics: string) =>
  `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;

/** "booking-2026-12-04.ics". */
export const calendarFilename = (booking: LastBooking) => `booking-${booking.date}.ics`;

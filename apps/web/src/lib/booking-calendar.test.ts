import { describe, expect, it } from 'vitest';
import { bookingCalendarFile, calendarFilename, calendarHref } from './booking-calendar.ts';
import type { LastBooking } from './last-booking.ts';

const booking: LastBooking = {
  date: '2026-10-25',
  time: '07:00 PM',
  number_of_people: '4',
  name: 'Leah Okafor',
  message: 'Thank you, Leah Okafor! Your table for 4 on 25/10/2026 at 07:00 PM is booked.',
  uid: '0f3c@shop.example',
  booked_at: '2026-10-20T08:30:00.000Z',
};
const shop = {
  name: 'Smith, Sons; Daughters',
  address: '1 High Street, Camden, London NW1 8AB, United Kingdom of Great Britain',
  timeZone: 'Europe/London',
};
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('the booking end screen’s calendar file', () => {
  it('puts the table on the shop’s clock in UTC, either side of the October clock change', () => {
    // Saturday is still summer time (UTC+1); Sunday 25 October is GMT.
    const saturday = unfold(bookingCalendarFile({ ...booking, date: '2026-10-24' }, shop));
    expect(saturday).toContain('\r\nDTSTART:20261024T180000Z\r\nDTEND:20261024T200000Z\r\n');
    const sunday = unfold(bookingCalendarFile(booking, shop));
    expect(sunday).toContain('\r\nDTSTART:20261025T190000Z\r\nDTEND:20261025T210000Z\r\n');
    // Another shop's clock moves the same booking.
    const paris = unfold(bookingCalendarFile(booking, { ...shop, timeZone: 'Europe/Paris' }));
    expect(paris).toContain('\r\nDTSTART:20261025T180000Z\r\n');
  });

  it('names the party and the shop with its commas and semicolons escaped, and the UID kept', () => {
    const ics = unfold(bookingCalendarFile(booking, shop));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('\r\nBEGIN:VEVENT\r\nUID:0f3c@shop.example\r\nSEQUENCE:0\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261020T083000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Table for 4 at Smith\\, Sons\\; Daughters\r\n');
    expect(ics).toContain(
      '\r\nLOCATION:Smith\\, Sons\\; Daughters\\, 1 High Street\\, Camden\\, London NW1 8AB\\, United Kingdom of Great Britain\r\n',
    );
  });

  it('folds its long lines at 75 octets with CRLF', () => {
    const ics = bookingCalendarFile(booking, shop);
    const lines = ics.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('is offered as a data URL with a dated file name', () => {
    const ics = bookingCalendarFile(booking, shop);
    const href = calendarHref(ics);
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(ics);
    expect(calendarFilename(booking)).toBe('booking-2026-10-25.ics');
  });
});

/**
 * A table booking as an iCalendar file (RFC 5545), one builder for the confirmation e-mail's
 * attachment and the booking end screen's "Add to calendar" link: CRLF line endings, text
 * escaped, lines folded at 75 octets, times in UTC.
 */
import { instantAt, slotMinutes } from './clock.ts';

/** A booking sits in the calendar for two hours. */
export const BOOKING_CALENDAR_MINUTES = 120;

export interface CalendarEvent {
  /** Unique and stable for the event: a calendar that imports it twice keeps one. */
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /**
   * How many times the event has been revised (SEQUENCE, §3.8.7.4; 0 when first sent): a
   * calendar that has the event replaces it with a file of a higher sequence, where some
   * calendars keep both entries of a file with the same one.
   */
  sequence?: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description?: string;
}

/** RFC 5545 §3.3.11 TEXT: backslashes, semicolons, commas and newlines escaped. */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** 2026-11-20T19:00:00.000Z → "20261120T190000Z" (§3.3.5, UTC form). */
export const icsInstant = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The UTF-8 length of one code point. */
const utf8Octets = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/**
 * §3.1: a line longer than 75 octets continues on the next after CRLF and one space; a UTF-8
 * character is never split.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (octets + size > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** The whole file: one VEVENT in a VCALENDAR, ending with CRLF. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Servery//Table bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${icsInstant(event.stamp)}`,
    `DTSTART:${icsInstant(event.startsAt)}`,
    `DTEND:${icsInstant(event.endsAt)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * When a booking of `date` ("2026-11-20") and slot `time` ("07:00 PM") starts on the shop's
 * clock, as an instant. A slot the clock skips in spring is the hour after it.
 */
export function bookingStart(date: string, time: string, timeZone: string): Date {
  const minutes = slotMinutes(time);
  return instantAt(date, minutes, timeZone) ?? instantAt(date, minutes + 60, timeZone)!;
}

/** The end of a booking that starts at `startsAt`. */
export const bookingEnd = (startsAt: Date) =>
  new Date(startsAt.getTime() + BOOKING_CALENDAR_MINUTES * 60_000);

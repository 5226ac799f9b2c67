import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { BookingDocument } from '@servery/contract/tenant-document';
import { wallClock } from '../stores/opening.ts';
import { addDays, instantAt, localDate, weekdayOf } from '../stores/wall-clock.ts';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** 1050 → "05:30 PM": the 'hh:mm AM/PM' of SPEC §3. */
export function slotLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "05:30 PM" → 1050. */
export function slotMinutes(label: string): number {
  const [clock, half] = label.split(' ');
  const [h, m] = clock!.split(':').map(Number);
  return ((h! % 12) + (half === 'PM' ? 12 : 0)) * 60 + m!;
}

/** The shop's today, and the last date a booking may be for. */
export function bookingWindow(now: Date, timeZone: string, daysAllowed: number) {
  const today = localDate(now, timeZone);
  return { today, last: addDays(today, daysAllowed) };
}

/**
 * The slot times of a date, in order: each range's steps from its start until before its end
 * (an end of 00:00 is midnight). A time the clock skips that night is no slot; for today, only
 * times still ahead on the shop's clock.
 */
export function slotsOf(
  booking: BookingDocument,
  date: string,
  now: Date,
  timeZone: string,
): string[] {
  const day = WEEKDAYS[weekdayOf(date) - 1]!;
  const isToday = date === localDate(now, timeZone);
  const nowMinutes = wallClock(now, timeZone).minutes;
  const minutes = new Set<number>();
  for (const range of booking.hours[day] ?? []) {
    const start = minutesOf(range.opens);
    const end = range.closes === '00:00' ? 24 * 60 : minutesOf(range.closes);
    for (let t = start; t < end; t += booking.stepMinutes) {
      if (isToday && t <= nowMinutes) continue;
      if (!instantAt(date, t, timeZone)) continue;
      minutes.add(t);
    }
  }
  return [...minutes].sort((a, b) => a - b).map(slotLabel);
}

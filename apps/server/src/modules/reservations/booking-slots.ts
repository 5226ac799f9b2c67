import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { BookingDocument } from '@servery/contract/tenant-document';
import {
  addDays,
  instantAt,
  isSlotAhead,
  localDate,
  minutesOf,
  slotLabel,
  slotMinutes,
  weekdayOf,
} from '@servery/contract/clock';

export { slotLabel, slotMinutes };

/** Whether a slot time falls in one of the day's close-outs ([from, until) in minutes). */
export const isClosedOut = (
  closeouts: readonly { fromMinutes: number; untilMinutes: number }[],
  time: string,
) => {
  const minutes = slotMinutes(time);
  return closeouts.some((c) => minutes >= c.fromMinutes && minutes < c.untilMinutes);
};

/** The shop's today, and the last date a booking may be for. */
export function bookingWindow(now: Date, timeZone: string, daysAllowed: number) {
  const today = localDate(now, timeZone);
  return { today, last: addDays(today, daysAllowed) };
}

/**
 * The services of a date (its booking ranges) with their slot times, in order: each range's
 * steps from its start until before its end (an end of 00:00 is midnight). A time the clock
 * skips that night is no slot. With `now`, for today only times still ahead on the shop's clock
 * (what a guest may book); without, every slot (the staff diary).
 */
export function servicesOf(
  booking: BookingDocument,
  date: string,
  timeZone: string,
  now?: Date,
): { id: string; from: number; until: number; slots: string[] }[] {
  const day = WEEKDAYS[weekdayOf(date) - 1]!;
  const taken = new Set<number>();
  const ranges = [...(booking.hours[day] ?? [])].sort((a, b) => a.opens.localeCompare(b.opens));
  return ranges.map((range) => {
    const start = minutesOf(range.opens);
    const end = range.closes === '00:00' ? 24 * 60 : minutesOf(range.closes);
    const slots: string[] = [];
    for (let t = start; t < end; t += booking.stepMinutes) {
      if ((now && !isSlotAhead(date, t, now, timeZone)) || taken.has(t)) continue;
      if (!instantAt(date, t, timeZone)) continue;
      taken.add(t);
      slots.push(slotLabel(t));
    }
    return { id: `${range.opens}-${range.closes}`, from: start, until: end, slots };
  });
}

/** The slot times a guest may book on a date, in order (see servicesOf). */
export function slotsOf(
  booking: BookingDocument,
  date: string,
  now: Date,
  timeZone: string,
): string[] {
  return servicesOf(booking, date, timeZone, now)
    .flatMap((service) => service.slots)
    .sort((a, b) => slotMinutes(a) - slotMinutes(b));
}

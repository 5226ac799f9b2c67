/**
 * Reservation dates travel as 'YYYY-MM-DD' (product.md §3) and are shown to people as dd/mm/yyyy
 * (product.md §7); the calendar works with the browser's own Date at local midnight. "Today" is the
 * shop's: product.md §9 compares slot times on the Europe/London clock.
 */

export const SHOP_TIME_ZONE_FALLBACK = 'Europe/London';

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-11-24' → '24/11/2026'. */
export const ukDate = (date: string) => date.split('-').reverse().join('/');

/** The shop's calendar date now, as 'YYYY-MM-DD'. */
export function shopToday(timeZone: string | undefined, now = new Date()): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || SHOP_TIME_ZONE_FALLBACK,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    // A time zone this browser does not know: London, as product.md §9 has it.
    return shopToday(SHOP_TIME_ZONE_FALLBACK, now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(now).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** '2026-11-24' plus 7 days → '2026-12-01' (calendar days, no clock involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → the calendar's Date (local midnight of that day). */
export function toCalendarDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** The calendar's Date → 'YYYY-MM-DD' (product.md §5: zero-padded month and day). */
export function fromCalendarDate(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * Text typed as dd/MM/yyyy (product.md §9's calendar format, UK since issue 30) → 'YYYY-MM-DD',
 * or null when it is not a real date (product.md §8's input error code 1).
 */
export function parseTypedDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const value = new Date(Date.UTC(year, month - 1, day));
  const real =
    value.getUTCFullYear() === year &&
    value.getUTCMonth() === month - 1 &&
    value.getUTCDate() === day;
  return real ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** Whether a 'YYYY-MM-DD' date lies in the bookable window (string order is date order). */
export const inWindow = (date: string, first: string, last: string | undefined) =>
  date >= first && (last === undefined || date <= last);

/**
 * product.md §4: choosing today picks the first remaining slot, choosing another day clears the time.
 * `autoPick` is set from the moment today is chosen until its slots arrive. A time that is no
 * longer offered (taken meanwhile) is cleared rather than swapped for another behind the
 * visitor's back.
 */
export function timeForSlots({
  date,
  today,
  slots,
  current,
  autoPick,
}: {
  date: string;
  today: string;
  slots: readonly string[];
  current: string;
  autoPick: boolean;
}): string {
  if (autoPick) return date === today ? (slots[0] ?? '') : '';
  return slots.includes(current) ? current : '';
}

/**
 * The shop's clock, in one place (issue 18): clock times as minutes, the ways times are
 * printed, the lead time, and converting between instants and the shop's wall clock with the
 * time-zone database inside the runtime (ICU): right across midnight and both clock changes.
 */

/** "17:30" (or "17:30:00") → 1050: minutes after midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** 1050 → "17:30": minutes after midnight as a 24-hour clock time. */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "17:30" → "5:30 PM": the way the storefront prints clock times. */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * 1050 → "5:30 PM": minutes after midnight as screens print a time; a time past midnight (a
 * service or close-out running to 1470, "24:30") reads as the next day's clock, "12:30 AM".
 */
export const clockTimeOf = (minutes: number) =>
  formatClockTime(hhmm(((minutes % 1440) + 1440) % 1440));

/**
 * (1050, 1320) → "5:30 PM – 10:00 PM": a span of the day as screens print it (the diary's
 * services and close-outs).
 */
export const clockSpan = (from: number, until: number) =>
  `${clockTimeOf(from)} – ${clockTimeOf(until)}`;

/** 1050 → "05:30 PM": the 'hh:mm AM/PM' of a table booking's slot (product.md §3). */
export function slotLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * "05:30 PM" → "5:30 PM": a booking slot, kept in the API as SPEC §3 writes it, printed on a
 * screen as every other time is.
 */
export const slotClockTime = (label: string) => clockTimeOf(slotMinutes(label));

/** "05:30 PM" → 1050. */
export function slotMinutes(label: string): number {
  const [clock, half] = label.split(' ');
  const [h, m] = clock!.split(':').map(Number);
  return ((h! % 12) + (half === 'PM' ? 12 : 0)) * 60 + m!;
}

/**
 * The date formatter for these options, made once and kept: building an Intl.DateTimeFormat
 * costs far more than formatting with it (the first of a page loads the browser's time zone
 * data: about 60 ms of a phone's CPU on the desk's first screen), and a screen formats a date on
 * every card. Every formatter of the server and the web app comes from here (issue 33).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The named parts of `at` as `options` format it ("weekday", "day", …). */
export function dateParts(
  at: Date,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateFormat(options, locale).formatToParts(at)) values[part.type] = part.value;
  return values;
}

/**
 * "2026-12-25" → "25 Dec 2026": a calendar date (already the shop's) as the back office writes
 * one; anything else as it is.
 */
export function calendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !y || !m || !d) return date;
  return dateFormat({ timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

/** What the lead time of an order is made of. */
export interface LeadTimeStore {
  preparationMinutes: number;
  busyExtraMinutes: number;
  /** When busy mode ends by itself (decision 87); none: it is off. */
  busyUntil: Date | string | null;
  deliveryMinutes: number;
}

/**
 * The busy extra at `at`: the store's minutes while its busy mode runs, 0 once it has ended
 * (an instant compared when read, decision 87) or when it was never given an end.
 */
export function busyMinutesAt(
  store: Pick<LeadTimeStore, 'busyExtraMinutes' | 'busyUntil'>,
  at: Date,
): number {
  if (!store.busyExtraMinutes || !store.busyUntil) return 0;
  return new Date(store.busyUntil).getTime() > at.getTime() ? store.busyExtraMinutes : 0;
}

/**
 * Minutes from ordering at `at` until the food is ready (collection) or arrives (delivery):
 * the kitchen's preparation time, the extra it adds while busy, and for delivery the drive.
 */
export function leadMinutes(store: LeadTimeStore, orderType: string, at: Date): number {
  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  return store.preparationMinutes + busyMinutesAt(store, at) + travel;
}

/** The wall clock's numbers at `at` in `timeZone`. */
const WALL_CLOCK = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;
function partsOf(at: Date, timeZone: string) {
  const parts = dateParts(at, { ...WALL_CLOCK, timeZone });
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** "2026-11-22": the shop's calendar date at `at`. */
export function localDate(at: Date, timeZone: string): string {
  const p = partsOf(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * Times as messages say them, in the shop's time zone: 12-hour with "AM"/"PM", as the site prints
 * them (`formatClockTime`; walk item 23: an e-mail said "8:59 pm" where the page said "8:59 PM").
 * The h12 cycle, not `hour12`: with en-GB, `hour12` says "0:45 pm" for 12:45. en-GB's day period
 * is lower case, so `say` writes it in capitals.
 */
const SAID_TIME = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const;

const said = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  dateFormat({ ...SAID_TIME, ...options, timeZone });

/** The format's words with "PM" for "pm", and a plain space before it whatever the ICU's. */
function say(format: Intl.DateTimeFormat, at: Date): string {
  return format
    .formatToParts(at)
    .map((part, i, parts) =>
      part.type === 'dayPeriod'
        ? part.value.toUpperCase()
        : part.type === 'literal' && parts[i + 1]?.type === 'dayPeriod'
          ? ' '
          : part.value,
    )
    .join('');
}

/** "7:45 PM". */
export const saidTime = (at: Date, timeZone: string): string => say(said(timeZone, {}), at);

/** "Tuesday 24 November at 12:45 PM" (en-GB's own joining words). */
export const saidDayAndTime = (at: Date, timeZone: string): string =>
  say(said(timeZone, { weekday: 'long', day: 'numeric', month: 'long' }), at);

/** "24 November 2026 at 12:25 PM". */
export const saidDateAndTime = (at: Date, timeZone: string): string =>
  say(said(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }), at);

/** "17:30": the shop's clock at `at`. */
export function clockTime(at: Date, timeZone: string): string {
  const p = partsOf(at, timeZone);
  return hhmm(p.hour * 60 + p.minute);
}

/**
 * The ISO weekday (1 = Monday) and minute of the day at `at` on the shop's wall clock; 01:30
 * on the last Sunday of March is 02:30.
 */
export function wallClock(at: Date, timeZone: string): { weekday: number; minutes: number } {
  const p = partsOf(at, timeZone);
  const weekday = ((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7) + 1;
  return { weekday, minutes: p.hour * 60 + p.minute };
}

/**
 * Whether a booking time (`minutes` after midnight on `date`) is still ahead on the shop's
 * clock: a later date, or today later than now. The one rule for which times a guest may book
 * (SPEC point 5: "for today only slots later than the current London time") and to which the
 * diary may move a party (walk 2, item 6).
 */
export function isSlotAhead(date: string, minutes: number, now: Date, timeZone: string): boolean {
  const today = localDate(now, timeZone);
  return date > today || (date === today && minutes > wallClock(now, timeZone).minutes);
}

/** The date `days` after a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday) of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return ((new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7) + 1;
}

/** Minutes the zone is ahead of UTC at `at` (60 in London summer time). */
function offsetMinutes(at: Date, timeZone: string): number {
  const p = partsOf(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the shop's clock reads `minutes` after midnight on `date` (minutes may pass 1440
 * into the next day). Null for a time the clock skips when it goes forward; for a time it reads
 * twice when it goes back, the first.
 */
export function instantAt(date: string, minutes: number, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, 0, minutes);
  // The offsets a day either side: equal, no clock change is near and the answer is direct.
  const before = offsetMinutes(new Date(wall - 26 * 3600_000), timeZone);
  const after = offsetMinutes(new Date(wall + 26 * 3600_000), timeZone);
  if (before === after) return new Date(wall - before * 60_000);
  // Near a change: try both offsets; the earliest that reads right wins, none means skipped.
  const candidates = [before, after]
    .map((offset) => new Date(wall - offset * 60_000))
    .filter((at) => {
      const p = partsOf(at, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? null;
}

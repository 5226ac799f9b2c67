import {
  addDays,
  clockTimeOf,
  formatClockTime,
  instantAt,
  localDate,
  minutesOf,
  wallClock,
  weekdayOf,
} from '@servery/contract/clock';

export { wallClock };

/** One opening range on an ISO weekday (1 = Monday); a range closing at or before it opens runs past midnight. */
export interface OpeningRow {
  weekday: number;
  opens: string;
  closes: string;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface OpeningState {
  isOpen: boolean;
  /** "Closes at 11:00 PM", "Opens at 5:00 PM", "Opens tomorrow at 11:00 AM", "Opens Monday at …". */
  statusText: string | null;
}

/** A date that keeps other hours than its weekday's (issue 15): none when closed. */
export interface SpecialDayRow {
  date: string;
  closed: boolean;
  hours: readonly { opens: string; closes: string }[];
}

/** The ranges a store keeps on a calendar date: its special day's, else its weekday's. */
export function rangesOn(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  date: string,
): readonly { opens: string; closes: string }[] {
  const special = specialDays.find((day) => day.date === date);
  if (special) return special.closed ? [] : special.hours;
  const weekday = weekdayOf(date);
  return rows.filter((row) => row.weekday === weekday);
}

/** Whether a store is open at `at`, and what changes next, on the shop's wall clock. */
export function openingState(
  rows: readonly OpeningRow[],
  at: Date,
  timeZone: string,
  specialDays: readonly SpecialDayRow[] = [],
): OpeningState {
  const { minutes } = wallClock(at, timeZone);
  const today = localDate(at, timeZone);
  const open = openRange(rows, specialDays, today, minutes);
  if (open) return { isOpen: true, statusText: closingText(rows, specialDays, today, minutes) };
  for (let ahead = 0; ahead < 7; ahead++) {
    const date = addDays(today, ahead);
    const next = rangesOn(rows, specialDays, date)
      .filter((row) => ahead > 0 || minutesOf(row.opens) > minutes)
      .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))[0];
    if (!next) continue;
    const time = formatClockTime(next.opens.slice(0, 5));
    if (ahead === 0) return { isOpen: false, statusText: `Opens at ${time}` };
    if (ahead === 1) return { isOpen: false, statusText: `Opens tomorrow at ${time}` };
    return { isOpen: false, statusText: `Opens ${DAY_NAMES[weekdayOf(date) - 1]} at ${time}` };
  }
  return { isOpen: false, statusText: null };
}

/** Days read ahead while working out when the store closes: a week on, and the night before. */
const CLOSING_DAYS = 8;

/**
 * The end, as an instant, of the first continuous opening (openingsFrom) that `wanted` picks,
 * read from yesterday's midnight (its night may still be open) for a week on. `now` is `at` in
 * minutes from that midnight.
 */
function endOfOpening(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  at: Date,
  timeZone: string,
  wanted: (opening: Opening, now: number) => boolean,
): Date | null {
  const from = addDays(localDate(at, timeZone), -1);
  const now = 24 * 60 + wallClock(at, timeZone).minutes;
  const opening = openingsFrom(rows, specialDays, from, CLOSING_DAYS).find((span) =>
    wanted(span, now),
  );
  if (!opening) return null;
  // A closing time the clock skips (01:30 on the March change) is read an hour later.
  return (
    instantAt(from, opening.closes, timeZone) ?? instantAt(from, opening.closes + 60, timeZone)
  );
}

/**
 * When the store open at `at` closes: the end of the continuous opening it is in (openingsFrom:
 * 11:00–15:00 then 15:00–23:00, or a night running into the next day's range opening at
 * midnight, read as one), on the shop's wall clock. Null while closed. A store open around the
 * clock gives the end of the last day read, a week on.
 */
export function closesAt(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  at: Date,
  timeZone: string,
): Date | null {
  return endOfOpening(
    rows,
    specialDays,
    at,
    timeZone,
    (o, now) => o.opens <= now && now < o.closes,
  );
}

/**
 * When the service being run at `at` ends (busy mode's default end, decision 87): the end of the
 * continuous opening open now (closesAt), else of the next one to open within the week, the
 * service a kitchen gets ready for. Null without any opening in the coming week.
 */
export function serviceEnd(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  at: Date,
  timeZone: string,
): Date | null {
  return endOfOpening(rows, specialDays, at, timeZone, (o, now) => now < o.closes);
}

/** A continuous opening, in minutes from the midnight that starts the `from` of openingsFrom. */
export interface Opening {
  opens: number;
  closes: number;
}

/**
 * The store's continuous openings over the `days` dates from `from`, in the order they open.
 * Ranges that touch or overlap are one opening: lunch to 15:00 and dinner from 15:00, a night to
 * midnight and the next day's range from 00:00, a special day's hours meeting its neighbours'.
 * A kitchen open throughout is open throughout, so ASAP's closing time (closesAt) and the
 * scheduled slots (timings.ts) read the same openings. The day before `from` is not read: its
 * night running into `from` is left out, and an opening it began starts at `from`'s midnight.
 */
export function openingsFrom(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  from: string,
  days: number,
): Opening[] {
  const spans: Opening[] = [];
  for (let day = 0; day < days; day++) {
    for (const range of rangesOn(rows, specialDays, addDays(from, day))) {
      const opens = day * 24 * 60 + minutesOf(range.opens);
      let closes = day * 24 * 60 + minutesOf(range.closes);
      if (closes <= opens) closes += 24 * 60;
      spans.push({ opens, closes });
    }
  }
  spans.sort((a, b) => a.opens - b.opens);
  const openings: Opening[] = [];
  for (const span of spans) {
    const last = openings.at(-1);
    if (last && span.opens <= last.closes) last.closes = Math.max(last.closes, span.closes);
    else openings.push({ ...span });
  }
  return openings;
}

/**
 * "Closes at 11:00 PM" for the continuous opening open now (openingsFrom): a store open 11:00–15:00
 * and 15:00–23:00 closes at 11:00 PM, as its slots and ASAP read it, not at 3:00 PM. An opening
 * that runs past the next 24 hours names its closing day ("Closes Monday at 11:00 PM").
 */
function closingText(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  today: string,
  minutes: number,
): string {
  const from = addDays(today, -1);
  const now = 24 * 60 + minutes;
  const opening = openingsFrom(rows, specialDays, from, CLOSING_DAYS).find(
    (span) => span.opens <= now && now < span.closes,
  );
  // openRange found the store open, so an opening holds `now`; the fallback is the day's end.
  const closes = opening?.closes ?? 2 * 24 * 60;
  const time = clockTimeOf(closes);
  if (closes - now <= 24 * 60) return `Closes at ${time}`;
  const day = addDays(from, Math.floor(closes / (24 * 60)));
  return `Closes ${DAY_NAMES[weekdayOf(day) - 1]} at ${time}`;
}

/** The range open at `minutes` on `today`: one of today's, or yesterday's running past midnight. */
function openRange(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  today: string,
  minutes: number,
): { opens: string; closes: string; fromYesterday: boolean } | null {
  for (const row of rangesOn(rows, specialDays, today)) {
    const opens = minutesOf(row.opens);
    const closes = minutesOf(row.closes);
    if (minutes >= opens && (closes <= opens || minutes < closes)) {
      return { ...row, fromYesterday: false };
    }
  }
  for (const row of rangesOn(rows, specialDays, addDays(today, -1))) {
    const opens = minutesOf(row.opens);
    const closes = minutesOf(row.closes);
    if (closes <= opens && minutes < closes) return { ...row, fromYesterday: true };
  }
  return null;
}

/**
 * When something sold out "today" comes back (issue 15): the first opening on a later day than
 * the one being served. The day served is the date of the range open now (yesterday's, past
 * midnight), or today's date when closed. Computed on the shop's wall clock, so the clock
 * changes only move the instant by the hour they move the clock. Without any opening in the
 * coming fortnight, the next midnight.
 */
export function nextServiceStart(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  at: Date,
  timeZone: string,
): Date {
  const { minutes } = wallClock(at, timeZone);
  const today = localDate(at, timeZone);
  const serving = openRange(rows, specialDays, today, minutes)?.fromYesterday
    ? addDays(today, -1)
    : today;
  for (let ahead = 1; ahead <= 14; ahead++) {
    const date = addDays(serving, ahead);
    const first = rangesOn(rows, specialDays, date)
      .map((range) => minutesOf(range.opens))
      .sort((a, b) => a - b)[0];
    if (first === undefined) continue;
    // An opening the clock skips (01:30 on the March change) is the minute it jumps to.
    const instant = instantAt(date, first, timeZone) ?? instantAt(date, first + 60, timeZone);
    if (instant && instant.getTime() > at.getTime()) return instant;
  }
  return instantAt(addDays(today, 1), 0, timeZone) ?? new Date(at.getTime() + 86_400_000);
}

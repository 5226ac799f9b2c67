import {
  addDays,
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
  if (open) {
    return { isOpen: true, statusText: `Closes at ${formatClockTime(open.closes.slice(0, 5))}` };
  }
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

/** Ranges followed while working out when the store closes: a week of two a day. */
const RANGES_FOLLOWED = 14;

/**
 * When the store open at `at` closes: the end of the range open now, or of the ranges that
 * follow on from it without a gap (11:00–15:00 then 15:00–23:00, or a night running into the
 * next day's range opening at midnight), on the shop's wall clock. Null while closed. A store
 * open around the clock gives the end of the last range followed, a week on.
 */
export function closesAt(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  at: Date,
  timeZone: string,
): Date | null {
  const { minutes } = wallClock(at, timeZone);
  const today = localDate(at, timeZone);
  const open = openRange(rows, specialDays, today, minutes);
  if (!open) return null;
  // Minutes from the midnight that starts `date`, the day the range open now began.
  const date = open.fromYesterday ? addDays(today, -1) : today;
  const endOf = (range: { opens: string; closes: string }) =>
    minutesOf(range.closes) + (minutesOf(range.closes) <= minutesOf(range.opens) ? 24 * 60 : 0);
  let end = endOf(open);
  for (let followed = 0; followed < RANGES_FOLLOWED; followed++) {
    const day = Math.floor(end / (24 * 60));
    const next = rangesOn(rows, specialDays, addDays(date, day)).find(
      (range) => minutesOf(range.opens) === end % (24 * 60),
    );
    if (!next) break;
    end = day * 24 * 60 + endOf(next);
  }
  // A closing time the clock skips (01:30 on the March change) is read an hour later.
  return instantAt(date, end, timeZone) ?? instantAt(date, end + 60, timeZone);
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

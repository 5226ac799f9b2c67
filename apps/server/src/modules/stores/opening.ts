import { formatClockTime } from '@servery/contract/opening-hours';

/** One opening range on an ISO weekday (1 = Monday); a range closing at or before it opens runs past midnight. */
export interface OpeningRow {
  weekday: number;
  opens: string;
  closes: string;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The weekday and minute of the day at `at` on the shop's wall clock. The time-zone database
 * (ICU, inside Node) knows every clock change, so 01:30 on the last Sunday of March is 02:30.
 */
export function wallClock(at: Date, timeZone: string): { weekday: number; minutes: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const previousDay = (weekday: number) => ((weekday + 5) % 7) + 1;

export interface OpeningState {
  isOpen: boolean;
  /** "Closes at 11:00 PM", "Opens at 5:00 PM", "Opens tomorrow at 11:00 AM", "Opens Monday at …". */
  statusText: string | null;
}

/** Whether a store is open at `at`, and what changes next, on the shop's wall clock. */
export function openingState(
  rows: readonly OpeningRow[],
  at: Date,
  timeZone: string,
): OpeningState {
  const { weekday, minutes } = wallClock(at, timeZone);
  for (const row of rows) {
    const opens = minutesOf(row.opens);
    const closes = minutesOf(row.closes);
    const overnight = closes <= opens;
    const openToday =
      row.weekday === weekday && minutes >= opens && (overnight || minutes < closes);
    const openFromYesterday = overnight && row.weekday === previousDay(weekday) && minutes < closes;
    if (openToday || openFromYesterday) {
      return { isOpen: true, statusText: `Closes at ${formatClockTime(row.closes.slice(0, 5))}` };
    }
  }
  for (let ahead = 0; ahead < 7; ahead++) {
    const day = ((weekday - 1 + ahead) % 7) + 1;
    const next = rows
      .filter((row) => row.weekday === day && (ahead > 0 || minutesOf(row.opens) > minutes))
      .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))[0];
    if (!next) continue;
    const time = formatClockTime(next.opens.slice(0, 5));
    if (ahead === 0) return { isOpen: false, statusText: `Opens at ${time}` };
    if (ahead === 1) return { isOpen: false, statusText: `Opens tomorrow at ${time}` };
    return { isOpen: false, statusText: `Opens ${DAY_NAMES[day - 1]} at ${time}` };
  }
  return { isOpen: false, statusText: null };
}

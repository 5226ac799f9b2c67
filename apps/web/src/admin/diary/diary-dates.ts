import { dateParts, localDate } from '@servery/contract/clock';

export { addDays } from '@servery/contract/clock';

/** The shop's date today, as YYYY-MM-DD in its time zone. */
export const shopToday = (timeZone: string, now = new Date()): string => localDate(now, timeZone);

/**
 * "Fri" and "27" (the day strip's two lines) and "Friday 27 November 2026" for a YYYY-MM-DD
 * date: put together from Intl's parts, as shopDate does, since whether a comma
 * follows the weekday depends on the browser's ICU.
 */
export function dayLabels(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!, 12));
  const short = dateParts(at, { timeZone: 'UTC', weekday: 'short', day: 'numeric' });
  const long = dateParts(at, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return {
    weekday: short.weekday!,
    day: short.day!,
    long: `${long.weekday} ${long.day} ${long.month} ${long.year}`,
  };
}

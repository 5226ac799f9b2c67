/** The shop's date today, as YYYY-MM-DD in its time zone. */
export function shopToday(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}

/** A YYYY-MM-DD date moved by whole days (calendar days, not 24-hour steps). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y!, m! - 1, d! + days));
  return moved.toISOString().slice(0, 10);
}

/**
 * "Fri" and "27" (the day strip's two lines) and "Friday 27 November 2026" for a YYYY-MM-DD
 * date: put together from Intl's parts, as shopDate does, since whether a comma
 * follows the weekday depends on the browser's ICU.
 */
export function dayLabels(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!, 12));
  const parts = (options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options })
        .formatToParts(at)
        .map((part) => [part.type, part.value]),
    );
  const short = parts({ weekday: 'short', day: 'numeric' });
  const long = parts({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return {
    weekday: short.weekday!,
    day: short.day!,
    long: `${long.weekday} ${long.day} ${long.month} ${long.year}`,
  };
}

import { clockTime, dateParts, formatClockTime } from '@servery/contract/clock';
import { useShopConfig } from './shop-config.ts';

/** architecture.md: shop-local times are on the tenant's clock, Europe/London unless it says other. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

export function useShopTimeZone(): string {
  return useShopConfig()?.timeZone ?? DEFAULT_TIME_ZONE;
}

const parts = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  dateParts(new Date(iso), { timeZone, ...options });

/** "7:30 PM" on the shop's clock, as the server labels its slots. */
export function shopClockTime(iso: string, timeZone: string): string {
  return formatClockTime(clockTime(new Date(iso), timeZone));
}

/** "Saturday 28 November 2026" on the shop's clock. */
export function shopDate(iso: string, timeZone: string): string {
  const { weekday, day, month, year } = parts(iso, timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return `${weekday} ${day} ${month} ${year}`;
}

/** "28 Nov 2026, 7:30 PM" on the shop's clock: compact, for lists. */
export function shopShortDateTime(iso: string, timeZone: string): string {
  const { day, month, year } = parts(iso, timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `${day} ${month} ${year}, ${shopClockTime(iso, timeZone)}`;
}

/** "Saturday 28 November 2026 at 7:30 PM". */
export function shopDateTime(iso: string, timeZone: string): string {
  return `${shopDate(iso, timeZone)} at ${shopClockTime(iso, timeZone)}`;
}

/**
 * "Mon 30 Nov 2026": a calendar date (YYYY-MM-DD, already the shop's) as the staff screens head
 * a day or a range of days. Put together from its parts: whether Intl puts a comma after the
 * weekday depends on the browser's ICU.
 */
export function calendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const { weekday, day, month, year } = parts(
    new Date(Date.UTC(y!, m! - 1, d!, 12)).toISOString(),
    'UTC',
    { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  );
  return `${weekday} ${day} ${month} ${year}`;
}

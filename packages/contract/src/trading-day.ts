import { addDays, instantAt, localDate, wallClock } from './clock.ts';

/**
 * A trading day (decision 80): from 4:00 AM on its date to 4:00 AM the next morning on the
 * shop's clock, as a till's Z report closes it. A service running past midnight belongs to the
 * evening it started in.
 */
export const TRADING_DAY_STARTS = 4 * 60;

/** The instant the trading day `date` begins (4:00 AM exists on every clock-change day). */
export function tradingDayStart(date: string, timeZone: string): Date | null {
  return instantAt(date, TRADING_DAY_STARTS, timeZone);
}

/** The trading day `at` falls in: Saturday 12:15 AM is still Friday's. */
export function tradingDate(at: Date, timeZone: string): string {
  const date = localDate(at, timeZone);
  return wallClock(at, timeZone).minutes < TRADING_DAY_STARTS ? addDays(date, -1) : date;
}

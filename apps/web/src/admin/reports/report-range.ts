import { formatClockTime, hhmm } from '@servery/contract/clock';
import { TRADING_DAY_STARTS, tradingDate } from '@servery/contract/trading-day';
import { calendarDay } from '../../lib/shop-time.ts';
import { serverNow } from '../server-clock.ts';

/** The report's ranges: a day, the week (Monday to Sunday), the month, or any two days. */
export type RangeKind = 'day' | 'week' | 'month' | 'custom';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * Today's trading day on the shop's clock, as YYYY-MM-DD (decision 80): until 4:00 AM it is
 * still the evening before, so the Z report printed at closing is that service's.
 */
export function tradingToday(timeZone: string, now = new Date(serverNow())): string {
  return tradingDate(now, timeZone);
}

export function rangeOf(kind: RangeKind, day: string, custom: { from: string; to: string }) {
  if (kind === 'day') return { from: day, to: day };
  if (kind === 'week') {
    const weekday = (new Date(ms(day)).getUTCDay() + 6) % 7;
    const monday = ms(day) - weekday * DAY;
    return { from: iso(monday), to: iso(monday + 6 * DAY) };
  }
  if (kind === 'month') {
    const [y, m] = day.split('-').map(Number) as [number, number];
    return { from: `${day.slice(0, 7)}-01`, to: iso(Date.UTC(y, m, 0)) };
  }
  return custom.from <= custom.to ? custom : { from: custom.to, to: custom.from };
}

/** "Mon 30 Nov 2026", or "Mon 23 Nov 2026 to Sun 29 Nov 2026": a period, as staff read dates. */
export const periodOf = ({ from, to }: { from: string; to: string }) =>
  from === to ? calendarDay(from) : `${calendarDay(from)} to ${calendarDay(to)}`;

/** What a card of figures says when its period sold nothing (the walk's finding 12). */
export const NO_ORDERS = 'No orders in this period.';

/** How a report's day is cut (decision 80), said under its heading. */
export const TRADING_DAY_SAID = `A day runs from ${formatClockTime(hhmm(TRADING_DAY_STARTS))} to ${formatClockTime(hhmm(TRADING_DAY_STARTS))} the next morning.`;

import { tradingDayStart } from '@servery/contract/trading-day';
import { badRequest } from './app-error.ts';

/**
 * When the trading day `date` begins on the shop's clock (decision 80: 4:00 AM, so a service
 * past midnight is the evening's), for the days a person asks for: the reports' and the Orders
 * page's (decision 84). A date that does not exist is a 400.
 */
export function tradingDayStartOf(date: string, timeZone: string): Date {
  const start = tradingDayStart(date, timeZone);
  if (!start) throw badRequest('That day does not exist.', { date: 'Not a day' });
  return start;
}

import { describe, expect, it } from 'vitest';
import { tradingDate, tradingDayStart } from './trading-day.ts';

const TZ = 'Europe/London';

describe('the trading day', () => {
  it('keeps a service past midnight on the evening it started in', () => {
    // Sat 5 Dec 2026 00:15 in London: Friday's service is still open.
    expect(tradingDate(new Date('2026-12-05T00:15:00Z'), TZ)).toBe('2026-12-04');
    expect(tradingDate(new Date('2026-12-05T03:59:00Z'), TZ)).toBe('2026-12-04');
    expect(tradingDate(new Date('2026-12-05T04:00:00Z'), TZ)).toBe('2026-12-05');
  });

  it('starts at 4:00 AM on the shop clock, summer time too', () => {
    expect(tradingDayStart('2026-12-04', TZ)?.toISOString()).toBe('2026-12-04T04:00:00.000Z');
    expect(tradingDayStart('2026-03-29', TZ)?.toISOString()).toBe('2026-03-29T03:00:00.000Z');
    expect(tradingDate(new Date('2026-03-30T02:30:00Z'), TZ)).toBe('2026-03-29');
  });
});

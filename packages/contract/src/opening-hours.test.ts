import { describe, expect, it } from 'vitest';
import { ZWeeklyHours, describeDay, formatClockTime } from './opening-hours.ts';
import { ZHoursRequest, ZSpecialDay, weeklyOverlaps } from './service.ts';

describe('opening hours', () => {
  it('prints 24-hour times as the storefront shows them', () => {
    expect(formatClockTime('00:30')).toBe('12:30 AM');
    expect(formatClockTime('09:05')).toBe('9:05 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('23:59')).toBe('11:59 PM');
  });

  it('describes a day with several ranges, and a day without any as Closed', () => {
    expect(
      describeDay([
        { opens: '11:30', closes: '14:30' },
        { opens: '17:00', closes: '00:30' },
      ]),
    ).toBe('11:30 AM - 2:30 PM, 5:00 PM - 12:30 AM');
    expect(describeDay([])).toBe('Closed');
    expect(describeDay(undefined)).toBe('Closed');
  });

  it('refuses impossible times and empty ranges', () => {
    expect(ZWeeklyHours.safeParse({ monday: [{ opens: '24:00', closes: '10:00' }] }).success).toBe(
      false,
    );
    expect(ZWeeklyHours.safeParse({ monday: [{ opens: '10:00', closes: '10:00' }] }).success).toBe(
      false,
    );
    expect(ZWeeklyHours.safeParse({ funday: [] }).success).toBe(false);
    expect(ZWeeklyHours.safeParse({ friday: [{ opens: '17:00', closes: '01:00' }] }).success).toBe(
      true,
    );
  });
});

describe('overlapping hours (issue 15)', () => {
  it('finds overlaps within a day, past midnight and from Sunday into Monday', () => {
    expect(
      weeklyOverlaps({
        monday: [
          { opens: '11:00', closes: '15:00' },
          { opens: '17:00', closes: '23:00' },
        ],
        tuesday: [{ opens: '18:00', closes: '02:00' }],
        wednesday: [{ opens: '01:00', closes: '10:00' }],
      }),
    ).toEqual({ 'wednesday.0': 'Overlaps Tuesday 6:00 PM – 2:00 AM' });
    expect(
      weeklyOverlaps({
        monday: [{ opens: '00:30', closes: '04:00' }],
        sunday: [{ opens: '20:00', closes: '01:00' }],
      }),
    ).toEqual({ 'sunday.0': 'Overlaps Monday 12:30 AM – 4:00 AM' });
    expect(
      weeklyOverlaps({
        friday: [
          { opens: '11:00', closes: '15:00' },
          { opens: '14:00', closes: '16:00' },
        ],
      }),
    ).toEqual({ 'friday.1': 'Overlaps Friday 11:00 AM – 3:00 PM' });
    // Touching ranges do not overlap.
    expect(
      ZHoursRequest.safeParse({
        hours: {
          monday: [
            { opens: '11:00', closes: '15:00' },
            { opens: '15:00', closes: '02:00' },
          ],
          tuesday: [{ opens: '02:00', closes: '04:00' }],
        },
      }).success,
    ).toBe(true);
  });

  it('names the range overlapped as every staff screen prints times: a special day’s too', () => {
    const day = ZSpecialDay.safeParse({
      date: '2026-12-24',
      closed: false,
      hours: [
        { opens: '12:00', closes: '00:30' },
        { opens: '19:00', closes: '23:00' },
      ],
    });
    expect(day.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['hours', 1], 'Overlaps 12:00 PM – 12:30 AM'],
    ]);
  });
});

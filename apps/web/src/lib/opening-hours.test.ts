import { describe, expect, it } from 'vitest';
import { openingHoursRows } from './opening-hours.ts';

describe('opening hours as rows', () => {
  it('folds the weekdays into one row when they share their hours', () => {
    expect(
      openingHoursRows({ Weekdays: '11:00 AM - 10:00 PM', Saturday: 'Closed', Sunday: 'Closed' }),
    ).toEqual([
      { day: 'Monday to Friday', hours: '11:00 AM - 10:00 PM' },
      { day: 'Saturday', hours: 'Closed' },
      { day: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('lists each weekday when they differ', () => {
    const rows = openingHoursRows({
      Monday: 'Closed',
      Tuesday: '5:00 PM - 11:00 PM',
      Wednesday: '5:00 PM - 11:00 PM',
      Thursday: '5:00 PM - 11:00 PM',
      Friday: '5:00 PM - 2:00 AM',
      Saturday: '12:00 PM - 2:00 AM',
      Sunday: '12:00 PM - 10:00 PM',
    });
    expect(rows.map((r) => r.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows[4]).toEqual({ day: 'Friday', hours: '5:00 PM - 2:00 AM' });
  });
});

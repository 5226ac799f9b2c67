import { describe, expect, it } from 'vitest';
import { openingHoursData } from './tenants.service.ts';

const range = (opens: string, closes: string) => [{ opens, closes }];

describe('opening hours for the home page', () => {
  it('folds Monday to Friday into Weekdays when they share their hours', () => {
    const week = range('11:00', '22:00');
    expect(
      openingHoursData({
        monday: week,
        tuesday: week,
        wednesday: week,
        thursday: week,
        friday: week,
        sunday: range('12:00', '21:00'),
      }),
    ).toEqual({
      Weekdays: '11:00 AM - 10:00 PM',
      Saturday: 'Closed',
      Sunday: '12:00 PM - 9:00 PM',
    });
  });

  it('lists each weekday when they differ', () => {
    const week = range('11:00', '22:00');
    expect(
      openingHoursData({
        monday: week,
        tuesday: week,
        wednesday: week,
        thursday: week,
        friday: range('11:00', '01:00'),
      }),
    ).toEqual({
      Monday: '11:00 AM - 10:00 PM',
      Tuesday: '11:00 AM - 10:00 PM',
      Wednesday: '11:00 AM - 10:00 PM',
      Thursday: '11:00 AM - 10:00 PM',
      Friday: '11:00 AM - 1:00 AM',
      Saturday: 'Closed',
      Sunday: 'Closed',
    });
  });
});

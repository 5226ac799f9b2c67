import type { OpeningHoursData } from '@servery/contract/home';

const DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/**
 * The rows a visitor reads (product.md §2 footer: "Monday to Friday, Saturday, Sunday"): one
 * "Monday to Friday" row when the weekdays share their hours, otherwise a row per weekday.
 */
export function openingHoursRows(hours: OpeningHoursData): { day: string; hours: string }[] {
  const weekdays = hours.Weekdays
    ? [{ day: 'Monday to Friday', hours: hours.Weekdays }]
    : DAYS.slice(0, 5).flatMap((day) => (hours[day] ? [{ day, hours: hours[day] }] : []));
  return [
    ...weekdays,
    { day: 'Saturday', hours: hours.Saturday },
    { day: 'Sunday', hours: hours.Sunday },
  ];
}

import { z } from 'zod';
import { formatClockTime } from './clock.ts';

export { formatClockTime };

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour time as HH:MM, for example 17:30');

/** One opening range. A range that closes at or before it opens runs past midnight. */
export const ZOpeningRange = z
  .object({ opens: ZClockTime, closes: ZClockTime })
  .strict()
  .refine((range) => range.opens !== range.closes, {
    message: 'A range must not open and close at the same time',
  });
export type OpeningRange = z.infer<typeof ZOpeningRange>;

/** Opening hours by weekday; a missing or empty day is closed. */
export const ZWeeklyHours = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(ZOpeningRange).max(6).optional()])) as {
      [K in Weekday]: z.ZodOptional<z.ZodArray<typeof ZOpeningRange>>;
    },
  )
  .strict();
export type WeeklyHours = z.infer<typeof ZWeeklyHours>;

/** A day's ranges as one line, "11:30 AM - 2:30 PM, 5:00 PM - 11:00 PM", or "Closed". */
export function describeDay(ranges: readonly OpeningRange[] | undefined): string {
  if (!ranges || ranges.length === 0) return 'Closed';
  return ranges.map((r) => `${formatClockTime(r.opens)} - ${formatClockTime(r.closes)}`).join(', ');
}

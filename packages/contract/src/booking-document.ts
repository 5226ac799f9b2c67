import { z } from 'zod';
import { ZWeeklyHours } from './opening-hours.ts';

/** When tables can be booked (each range's last slot starts before it closes), and how many. */
export const ZBookingDocument = z
  .object({
    /** Ranges of booking times per weekday; a range must end by midnight. */
    hours: ZWeeklyHours,
    stepMinutes: z.number().int().min(5).max(120).default(30),
    /** Covers (seats) one slot can take. */
    coversPerSlot: z.number().int().min(1).max(1000),
    daysAllowed: z.number().int().min(0).max(365).default(30),
    whatsappShare: z.boolean().default(false),
    /** The number the WhatsApp share goes to, digits with country code (447700900123). */
    whatsappNumber: z
      .string()
      .regex(/^(\d{10,15})?$/, 'Use digits with the country code')
      .default(''),
    /** E-mail each guest a reminder, with the cancel link, the day before their booking. */
    reminders: z.boolean().default(true),
  })
  .strict()
  .superRefine((booking, ctx) => {
    for (const [day, ranges] of Object.entries(booking.hours)) {
      ranges?.forEach((range, index) => {
        if (range.closes <= range.opens && range.closes !== '00:00') {
          ctx.addIssue({
            code: 'custom',
            path: ['hours', day, index, 'closes'],
            message: 'Booking times must end by midnight',
          });
        }
      });
    }
  });
export type BookingDocument = z.infer<typeof ZBookingDocument>;

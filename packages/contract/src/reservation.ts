import { z } from 'zod';
import {
  DATE_PATTERN,
  PEOPLE_OPTIONS,
  RESERVATION_MESSAGE_MAX_LENGTH,
  SLOT_TIME_PATTERN,
} from './reservation-rules.ts';

/**
 * Table reservation (product.md §2 "Reservation screen", §3, §5, §7, §9). The same schema validates
 * the form and POST /api/booking, so the messages are product.md §5's on both sides.
 */

// The rules without zod live apart, for pages that draw before the schema loads; they are
// still read from here.
export * from './reservation-rules.ts';

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const BOOKING_PHONE_MESSAGE = 'Enter a UK phone number, such as 07700 900123';

/**
 * A UK number in any common spelling ("+44 7700 900123", "07700 900123", "07700900123",
 * "0044 7700 900123") as the 11 digits product.md §9 keeps (issue 30); anything else as typed,
 * for the pattern to refuse. The server also asks libphonenumber, as sign-in does.
 */
export function ukNationalNumber(typed: string): string {
  const digits = typed.replace(/[\s().-]/g, '');
  const international = /^(?:\+|00)?44(?:\(0\)|0)?(\d{10})$/.exec(digits);
  return international ? `0${international[1]}` : digits;
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The reservation form and the body of POST /api/booking (product.md §3 and §5). */
export const ZBookingRequest = z.object({
  name: required('Name is required').max(100, 'Name should be less than 100 characters'),
  email: required('Email is required').regex(SIMPLE_EMAIL, 'Enter a valid email'),
  phone: required('Phone number is required')
    .transform(ukNationalNumber)
    .pipe(z.string().regex(/^0\d{10}$/, BOOKING_PHONE_MESSAGE)),
  date: required('Date is required').regex(DATE_PATTERN, 'Date is required'),
  time: required('Time is required').regex(SLOT_TIME_PATTERN, 'Time is required'),
  number_of_people: z
    .union([z.string(), z.number()], { error: 'Number of people is required' })
    .transform((value) => String(value))
    .pipe(z.enum(PEOPLE_OPTIONS, { error: 'Number of people is required' })),
  message: z
    .string()
    .trim()
    .max(RESERVATION_MESSAGE_MAX_LENGTH, 'Message should be less than 200 characters')
    .default(''),
});
export type BookingRequest = z.infer<typeof ZBookingRequest>;
export type BookingInput = z.input<typeof ZBookingRequest>;

// The answers' shapes are schemas (api-shapes-storefront.ts), their types read from them.
export type { ReservationTimings, Booking, CustomerBooking } from './api-shapes-storefront.ts';

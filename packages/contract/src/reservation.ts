import { z } from 'zod';

/**
 * Table reservation (SPEC §2 "Reservation screen", §3, §5, §7, §9). The same schema validates
 * the form and POST /api/booking, so the messages are SPEC §5's on both sides.
 */

export const RESERVATION_MESSAGE_MAX_LENGTH = 200;
export const PEOPLE_OPTIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '10+'] as const;
export type PeopleOption = (typeof PEOPLE_OPTIONS)[number];
/** SPEC §9: the redirect after a booking. */
export const BOOKING_REDIRECT_MS = 500;
/** SPEC §9: the share window is 600 by 600. */
export const SHARE_WINDOW = { width: 600, height: 600 } as const;
/** 'hh:mm AM/PM', as SPEC §3 writes slot times. */
export const SLOT_TIME_PATTERN = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The reservation form and the body of POST /api/booking (SPEC §3 and §5). */
export const ZBookingRequest = z.object({
  name: required('Name is required').max(100, 'Name should be less than 100 characters'),
  email: required('Email is required').regex(SIMPLE_EMAIL, 'Enter a valid email'),
  phone: required('Phone number is required').regex(
    /^\d{11}$/,
    'Enter a valid 11-digit phone number',
  ),
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

/** GET /api/reservation/timings (SPEC §3): note the share flag is the string 'true' or 'false'. */
export interface ReservationTimings {
  date: string;
  slots: string[];
  booking_days_allowed: number;
  allow_booking_whatsapp_share: 'true' | 'false';
  booking_whatsapp_number: string;
}

/** How a booking stands; the staff diary moves it (diary.ts holds the moves). */
export const BOOKING_STATUSES = [
  /** A "10+" party: the restaurant confirms it (with the real size) or declines it. */
  'requested',
  /** Booked: online, by phone, or a request the restaurant confirmed. */
  'confirmed',
  'arrived',
  'seated',
  'completed',
  'no_show',
  /** By the guest (the e-mailed link) or by the restaurant. */
  'cancelled',
  /** A request the restaurant could not take. */
  'declined',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What a guest may still cancel through the e-mailed link. */
export const GUEST_CANCELLABLE: readonly BookingStatus[] = ['requested', 'confirmed'];

/** A booking as its cancel page shows it. */
export interface Booking {
  date: string;
  time: string;
  number_of_people: PeopleOption;
  name: string;
  status: BookingStatus;
  restaurant: string;
}

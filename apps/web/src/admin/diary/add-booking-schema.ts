import { z } from 'zod';
import {
  ZStaffBookingRequest,
  type StaffBookingInput,
  type StaffBookingRequest,
} from '@servery/contract/diary';

/** The quick add form as it is filled in: the party counted by its stepper, blanks for "none". */
export interface AddBookingValues {
  source: 'phone' | 'walk_in';
  time: string;
  number_of_people: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  over_capacity: boolean;
  /** Never typed: the diary's day is the date; the server's refusal of it shows here. */
  date?: string;
}
export type AddBookingBody = StaffBookingRequest;

export const blankBooking = (times: readonly string[]): AddBookingValues => ({
  source: 'phone',
  time: times[0] ?? '',
  number_of_people: 2,
  name: '',
  phone: '',
  email: '',
  message: '',
  over_capacity: false,
});

/**
 * The form turned into POST /api/admin/bookings' body for the diary's `date` and checked by the
 * contract's schema, so the form and the server refuse the same things under the same names.
 */
export function addBookingSchema(date: string) {
  return z
    .object({
      source: z.enum(['phone', 'walk_in']),
      time: z.string(),
      number_of_people: z.number(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      message: z.string(),
      over_capacity: z.boolean(),
    })
    .transform(({ phone, email, ...form }): StaffBookingInput => ({
      ...form,
      date,
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
    }))
    .pipe(ZStaffBookingRequest);
}

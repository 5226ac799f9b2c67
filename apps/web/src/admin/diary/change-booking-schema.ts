import { z } from 'zod';
import {
  ZBookingChange,
  type BookingChange,
  type BookingChangeInput,
  type DiaryBooking,
} from '@servery/contract/diary';

/** The "Change…" form as it is filled in: the party's size as its − / + stepper counts it. */
export interface ChangeBookingValues {
  date: string;
  time: string;
  number_of_people: number;
  over_capacity: boolean;
}
export type ChangeBookingBody = BookingChange;

/** The form opens on the booking as it stands. */
export const changeValuesOf = (booking: DiaryBooking): ChangeBookingValues => ({
  date: booking.date,
  time: booking.time,
  number_of_people: booking.covers,
  over_capacity: false,
});

/** Whether the form's body would leave the booking as it is. */
export const changesNothing = (booking: DiaryBooking, body: ChangeBookingBody) =>
  body.date === booking.date &&
  body.time === booking.time &&
  body.number_of_people === booking.covers;

/**
 * The form turned into PATCH /api/admin/bookings/{id}'s body and checked by the contract's
 * schema, so the form and the server refuse the same things in the same words; `today` is the
 * shop's, the first date a phone booking may be for.
 */
export function changeBookingSchema(today: string) {
  return z
    .object({
      date: z.string().refine((date) => date >= today, 'Choose today or a later date'),
      time: z.string().min(1, 'Choose a time'),
      number_of_people: z.number(),
      over_capacity: z.boolean(),
    })
    .transform((form): BookingChangeInput => form)
    .pipe(ZBookingChange);
}

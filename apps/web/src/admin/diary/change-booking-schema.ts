import { z } from 'zod';
import {
  ZBookingChange,
  type BookingChange,
  type BookingChangeInput,
  type DiaryBooking,
} from '@servery/contract/diary';

/** The "Change…" form as it is filled in: the party's size as typed. */
export interface ChangeBookingValues {
  date: string;
  time: string;
  number_of_people: string;
  over_capacity: boolean;
}
export type ChangeBookingBody = BookingChange;

/** The form opens on the booking as it stands. */
export const changeValuesOf = (booking: DiaryBooking): ChangeBookingValues => ({
  date: booking.date,
  time: booking.time,
  number_of_people: String(booking.covers),
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
      number_of_people: z.string(),
      over_capacity: z.boolean(),
    })
    .transform(({ number_of_people, ...form }): BookingChangeInput => ({
      ...form,
      // An empty or unreadable box is "no number": the contract's own message says so.
      number_of_people: number_of_people.trim() === '' ? Number.NaN : Number(number_of_people),
    }))
    .pipe(ZBookingChange);
}

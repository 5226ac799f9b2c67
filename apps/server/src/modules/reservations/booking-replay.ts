import type { BookingRequest } from '@servery/contract/reservation';
import { replayOrConflict, requestHash } from '../../lib/idempotency.ts';
import { ukDate } from './booking-message.ts';
import type { BookingRow } from './reservations.repository.ts';

/**
 * A booking sent again with its Idempotency-Key (lib/idempotency.ts, as orders are): the same
 * form gets the first answer again, another form a 409.
 */

/** The booking's fields in a fixed order (the hash bookings already stored were made of). */
export const bookingHash = (body: BookingRequest): string =>
  requestHash([
    body.name,
    body.email,
    body.phone,
    body.date,
    body.time,
    body.number_of_people,
    body.message,
  ]);

/** What the customer is told of a booking made (or made before, for a replay). */
export function bookedMessage(
  row: Pick<BookingRow, 'name' | 'people' | 'date' | 'time' | 'status'>,
): string {
  const when = `${ukDate(row.date)} at ${row.time}`;
  return row.status === 'requested'
    ? `Thank you, ${row.name}! We have your request for a table for ${row.people} on ${when} and will confirm it by e-mail.`
    : `Thank you, ${row.name}! Your table for ${row.people} on ${when} is booked. We have e-mailed you the details.`;
}

/** Another request with the same key inserted its booking first. */
export class DuplicateKey extends Error {}

export function sameOrConflict(earlier: BookingRow, hash: string): string {
  return replayOrConflict(earlier, hash, 'booking', () => bookedMessage(earlier));
}

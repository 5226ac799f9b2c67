import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BookingSource } from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import type { Executor } from '../src/db/client.ts';
import { bookings } from '../src/db/schema.ts';
import { takeCovers } from '../src/modules/reservations/reservations.repository.ts';

/**
 * A booking as the diary sees one, written straight to the tables with its covers taken as the
 * booking routes take them (for tests of what happens after a booking is made; making them
 * through the API has its own tests).
 */
export async function insertTestBooking(
  db: Executor,
  tenantId: string,
  options: {
    date: string;
    time?: string;
    people?: string;
    status?: BookingStatus;
    source?: BookingSource;
    email?: string;
    phone?: string;
    createdAt?: Date;
    capacity?: number;
  },
) {
  const status = options.status ?? (options.people === '10+' ? 'requested' : 'confirmed');
  const people = options.people ?? '2';
  const covers = status === 'requested' ? 0 : Number(people);
  const time = options.time ?? '07:00 PM';
  const slot = { tenantId, date: options.date, time };
  if (covers > 0 && ['confirmed', 'arrived', 'seated', 'completed'].includes(status)) {
    if (!(await takeCovers(db, slot, covers, options.capacity ?? 1000))) {
      throw new Error(`no room for ${covers} at ${time}`);
    }
  }
  const [row] = await db
    .insert(bookings)
    .values({
      id: randomUUID(),
      ...slot,
      people,
      covers,
      name: 'Priya Shah',
      email: options.email ?? `guest-${randomUUID()}@example.com`,
      phone: options.phone ?? '07700900123',
      message: '',
      status,
      source: options.source ?? 'online',
      cancelTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      requestHash: randomUUID(),
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

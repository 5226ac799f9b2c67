import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingSlots, bookings } from '../../db/schema.ts';

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Adds covers to a slot if they fit: one statement, so the database decides between parallel
 * bookings and the capacity is never passed. False when the slot has no room for them.
 */
export async function takeCovers(
  tx: Executor,
  slot: { tenantId: string; date: string; time: string },
  covers: number,
  capacity: number,
): Promise<boolean> {
  const rows = await tx
    .insert(bookingSlots)
    .values({ ...slot, covers, capacity })
    .onConflictDoUpdate({
      target: [bookingSlots.tenantId, bookingSlots.date, bookingSlots.time],
      set: {
        covers: sql`${bookingSlots.covers} + excluded.covers`,
        capacity: sql`excluded.capacity`,
      },
      setWhere: sql`${bookingSlots.covers} + excluded.covers <= excluded.capacity`,
    })
    .returning({ covers: bookingSlots.covers });
  return rows.length > 0;
}

export async function releaseCovers(
  tx: Executor,
  slot: { tenantId: string; date: string; time: string },
  covers: number,
) {
  await tx
    .update(bookingSlots)
    .set({ covers: sql`greatest(${bookingSlots.covers} - ${covers}, 0)` })
    .where(
      and(
        eq(bookingSlots.tenantId, slot.tenantId),
        eq(bookingSlots.date, slot.date),
        eq(bookingSlots.time, slot.time),
      ),
    );
}

/** Covers taken per slot time on a date. */
export async function coversOn(db: Executor, tenantId: string, date: string) {
  const rows = await db
    .select({ time: bookingSlots.time, covers: bookingSlots.covers })
    .from(bookingSlots)
    .where(and(eq(bookingSlots.tenantId, tenantId), eq(bookingSlots.date, date)));
  return new Map(rows.map((row) => [row.time, row.covers]));
}

/** Inserts the booking; false when its Idempotency-Key is already taken. */
export async function insertBooking(tx: Executor, booking: typeof bookings.$inferInsert) {
  const rows = await tx
    .insert(bookings)
    .values(booking)
    .onConflictDoNothing()
    .returning({ id: bookings.id });
  return rows.length > 0;
}

export async function findBookingByKey(db: Executor, tenantId: string, key: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.idempotencyKey, key)));
  return row;
}

export async function findBookingByToken(
  db: Executor,
  tenantId: string,
  tokenHash: string,
  lock = false,
) {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.cancelTokenHash, tokenHash)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markCancelled(tx: Executor, id: string, at: Date) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at })
    .where(eq(bookings.id, id));
}

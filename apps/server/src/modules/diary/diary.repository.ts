import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BookingStatus } from '@servery/contract/reservation';
import type { Executor } from '../../db/client.ts';
import { bookingCloseouts, bookings } from '../../db/schema.ts';
import type { BookingRow } from '../reservations/reservations.repository.ts';

/** The bookings of a date, in time order (any status: the diary shows the whole day). */
export async function bookingsOn(db: Executor, tenantId: string, date: string) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.date, date)))
    .orderBy(asc(bookings.time), asc(bookings.createdAt))
    .limit(2000);
}

/** Requests still to answer from a date on, soonest first: the queue on top of the diary. */
export async function openRequestsFrom(db: Executor, tenantId: string, date: string) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.tenantId, tenantId),
        eq(bookings.status, 'requested'),
        gte(bookings.date, date),
      ),
    )
    .orderBy(asc(bookings.date), asc(bookings.time))
    .limit(200);
}

export async function findBooking(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.id, id)));
  return row;
}

/**
 * Moves a booking on if it is still in one of `from`: one conditional update, so of two staff
 * tapping at once one wins and the other gets nothing back (a 409), as on the order desk.
 */
export async function moveBooking(
  tx: Executor,
  where: { tenantId: string; id: string; from: BookingStatus[] },
  change: { status: BookingStatus; at: Date; covers?: number; note?: string | null },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      status: change.status,
      updatedAt: change.at,
      // The status this update moves from, read from the row it changes (not the one read
      // before), so the undo puts back what really was there even after a race.
      lastMoveFrom: sql`${bookings.status}`,
      lastMoveAt: change.at,
      ...(change.covers !== undefined
        ? { covers: change.covers, people: String(change.covers) }
        : {}),
      ...(change.note !== undefined ? { note: change.note } : {}),
      ...(change.status === 'cancelled' ? { cancelledAt: change.at } : {}),
    })
    .where(
      and(
        eq(bookings.tenantId, where.tenantId),
        eq(bookings.id, where.id),
        inArray(bookings.status, where.from),
      ),
    )
    .returning();
  return row;
}

/**
 * Puts a no-show back to booked if it was marked at `markedAt` (the one read), since
 * `markedSince` (the undo window): one conditional update, so an undo after the window, or a
 * second undo, gets nothing back.
 */
export async function undoNoShow(
  tx: Executor,
  where: { tenantId: string; id: string; markedSince: Date; markedAt: Date },
  at: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'confirmed', updatedAt: at })
    .where(
      and(
        eq(bookings.tenantId, where.tenantId),
        eq(bookings.id, where.id),
        eq(bookings.status, 'no_show'),
        eq(bookings.updatedAt, where.markedAt),
        gte(bookings.updatedAt, where.markedSince),
      ),
    )
    .returning();
  return row;
}

/**
 * Takes back the diary's last one-tap move: the booking goes back to the status it came from if
 * it is still in `status` by the move made at `movedAt` (the one read), since `movedSince`. One
 * conditional update, so a second undo, an undo after the window or after a colleague's later
 * move gets nothing back.
 */
export async function undoLastMove(
  tx: Executor,
  where: { tenantId: string; id: string; status: BookingStatus; movedSince: Date; movedAt: Date },
  at: Date,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      status: sql`${bookings.lastMoveFrom}`,
      lastMoveFrom: null,
      lastMoveAt: null,
      updatedAt: at,
    })
    .where(
      and(
        eq(bookings.tenantId, where.tenantId),
        eq(bookings.id, where.id),
        eq(bookings.status, where.status),
        isNotNull(bookings.lastMoveFrom),
        eq(bookings.lastMoveAt, where.movedAt),
        gte(bookings.lastMoveAt, where.movedSince),
      ),
    )
    .returning();
  return row;
}

/**
 * Moves a booking to another date, time or party size if it is still in one of `from` and still
 * as it was read (`was`): one conditional update, so of a change and a colleague's move or
 * change at once one wins and the other gets nothing back (a 409). A new date earns a new
 * reminder; the over-capacity mark is the caller's to set again.
 */
export async function changeBookingSlot(
  tx: Executor,
  where: {
    tenantId: string;
    id: string;
    from: readonly BookingStatus[];
    was: { date: string; time: string; covers: number };
  },
  change: { date: string; time: string; covers: number; at: Date },
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({
      date: change.date,
      time: change.time,
      covers: change.covers,
      people: String(change.covers),
      overCapacity: false,
      updatedAt: change.at,
      ...(change.date !== where.was.date ? { reminderSentAt: null } : {}),
    })
    .where(
      and(
        eq(bookings.tenantId, where.tenantId),
        eq(bookings.id, where.id),
        inArray(bookings.status, [...where.from]),
        eq(bookings.date, where.was.date),
        eq(bookings.time, where.was.time),
        eq(bookings.covers, where.was.covers),
      ),
    )
    .returning();
  return row;
}

/** Marks a booking as taken into a full slot on purpose (a manager's overbooking). */
export async function markOverCapacity(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .update(bookings)
    .set({ overCapacity: true })
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.id, id)))
    .returning();
  return row!;
}

export type { CloseoutRow } from '../reservations/reservations.repository.ts';

export async function insertCloseout(tx: Executor, closeout: typeof bookingCloseouts.$inferInsert) {
  const [row] = await tx.insert(bookingCloseouts).values(closeout).returning();
  return row!;
}

export async function deleteCloseout(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .delete(bookingCloseouts)
    .where(and(eq(bookingCloseouts.tenantId, tenantId), eq(bookingCloseouts.id, id)))
    .returning();
  return row;
}

/**
 * Confirmed bookings of `date` (the shops' tomorrow) not yet reminded, claimed for this process
 * (FOR UPDATE SKIP LOCKED: another process sweeping at once takes others, or none).
 */
export async function claimRemindersDue(
  tx: Executor,
  tenantId: string,
  date: string,
  createdBefore: Date,
) {
  return tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.tenantId, tenantId),
        eq(bookings.date, date),
        eq(bookings.status, 'confirmed'),
        sql`${bookings.reminderSentAt} is null`,
        sql`${bookings.email} <> ''`,
        sql`${bookings.createdAt} < ${createdBefore}`,
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
}

export async function markReminded(tx: Executor, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await tx.update(bookings).set({ reminderSentAt: at }).where(inArray(bookings.id, ids));
}

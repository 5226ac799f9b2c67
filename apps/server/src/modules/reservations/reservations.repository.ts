import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { phoneSpellings } from '../../lib/phone-numbers.ts';
import { bookingCloseouts, bookingLinks, bookingSlots, bookings } from '../../db/schema.ts';

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
  // A party larger than the whole slot never fits (the insert below would not check it).
  if (covers > capacity) return false;
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

/** Adds covers to a slot whatever its capacity: a manager's overbooking (issue 16), audited. */
export async function forceCovers(
  tx: Executor,
  slot: { tenantId: string; date: string; time: string },
  covers: number,
  capacity: number,
) {
  await tx
    .insert(bookingSlots)
    .values({ ...slot, covers, capacity })
    .onConflictDoUpdate({
      target: [bookingSlots.tenantId, bookingSlots.date, bookingSlots.time],
      set: { covers: sql`${bookingSlots.covers} + excluded.covers` },
    });
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
  // The first e-mail's link, or a later one's (a confirmed request, the reminder).
  const query = db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.tenantId, tenantId),
        or(
          eq(bookings.cancelTokenHash, tokenHash),
          inArray(
            bookings.id,
            db
              .select({ id: bookingLinks.bookingId })
              .from(bookingLinks)
              .where(eq(bookingLinks.tokenHash, tokenHash)),
          ),
        ),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markCancelled(tx: Executor, id: string, at: Date) {
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
    .where(eq(bookings.id, id));
}

export type CloseoutRow = typeof bookingCloseouts.$inferSelect;

/** The close-outs of a date (online bookings stop for the slots they cover). */
export async function closeoutsOn(db: Executor, tenantId: string, date: string) {
  return db
    .select()
    .from(bookingCloseouts)
    .where(and(eq(bookingCloseouts.tenantId, tenantId), eq(bookingCloseouts.date, date)))
    .orderBy(bookingCloseouts.fromMinutes);
}

/** The close-outs of the dates from `first` to `last`, both included, by date and time. */
export async function closeoutsBetween(
  db: Executor,
  tenantId: string,
  first: string,
  last: string,
) {
  return db
    .select()
    .from(bookingCloseouts)
    .where(
      and(
        eq(bookingCloseouts.tenantId, tenantId),
        gte(bookingCloseouts.date, first),
        lte(bookingCloseouts.date, last),
      ),
    )
    .orderBy(bookingCloseouts.date, bookingCloseouts.fromMinutes);
}

/** A further cancel link for a booking (its token's hash). */
export async function addBookingLink(tx: Executor, bookingId: string, tokenHash: string) {
  await tx.insert(bookingLinks).values({ bookingId, tokenHash });
}

/** The contacts a customer has proved with a sign-in code: what makes a booking theirs. */
export interface VerifiedContacts {
  /** Lower case, as sign-in stores it. */
  email: string | null;
  /** Every spelling of the verified number (lib/phone-numbers.ts `phoneSpellings`). */
  phones: string[];
}

/** The contacts that make a booking a customer's (their export reads the same bookings). */
export function verifiedContactsOf(customer: {
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}): VerifiedContacts {
  return {
    email: customer.emailVerified && customer.email ? customer.email.toLowerCase() : null,
    phones: customer.phoneVerified && customer.phone ? phoneSpellings(customer.phone) : [],
  };
}

/**
 * A customer's bookings (decision 85): those made with an e-mail address or a phone
 * number they signed in with. Null when they have proved neither.
 */
export function bookingsOfContacts(contacts: VerifiedContacts): SQL | null {
  const matches: SQL[] = [];
  if (contacts.email) matches.push(sql`lower(${bookings.email}) = ${contacts.email}`);
  if (contacts.phones.length > 0) {
    matches.push(
      inArray(sql`regexp_replace(${bookings.phone}, '[^0-9+]', '', 'g')`, contacts.phones),
    );
  }
  return matches.length > 0 ? or(...matches)! : null;
}

export async function findCustomerBookings(
  db: Executor,
  tenantId: string,
  contacts: VerifiedContacts,
) {
  const theirs = bookingsOfContacts(contacts);
  if (!theirs) return [];
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), theirs))
    .orderBy(asc(bookings.date), asc(bookings.createdAt));
}

/** One of the customer's bookings, locked for a change; undefined for anyone else's. */
export async function findCustomerBooking(
  tx: Executor,
  tenantId: string,
  contacts: VerifiedContacts,
  id: string,
) {
  const theirs = bookingsOfContacts(contacts);
  if (!theirs) return undefined;
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.id, id), theirs))
    .for('update');
  return row;
}

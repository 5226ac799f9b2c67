import { and, asc, desc, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  staffCodeFailures,
  staffCodes,
  staffMembers,
  staffSessions,
  stores,
} from '../../db/schema.ts';

export type StaffRow = typeof staffMembers.$inferSelect;
export type StaffCodeRow = typeof staffCodes.$inferSelect;

export async function findActiveStaffByEmail(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.tenantId, tenantId),
        eq(staffMembers.email, email),
        eq(staffMembers.status, 'active'),
      ),
    );
  return row;
}

export async function findStaff(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.id, id)));
  return row;
}

/** Locks the staff row for the rest of the transaction (changes to one person serialise). */
export async function findStaffForUpdate(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.id, id)))
    .for('update');
  return row;
}

export async function listStaff(db: Executor, tenantId: string) {
  return db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.tenantId, tenantId))
    .orderBy(asc(staffMembers.status), asc(staffMembers.name));
}

/** Active owners other than `exceptId`, locked: the last owner cannot be demoted or removed. */
export async function otherActiveOwners(db: Executor, tenantId: string, exceptId: string) {
  return db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.tenantId, tenantId),
        eq(staffMembers.role, 'owner'),
        eq(staffMembers.status, 'active'),
        ne(staffMembers.id, exceptId),
      ),
    )
    .for('update');
}

export async function insertStaff(db: Executor, row: typeof staffMembers.$inferInsert) {
  const [created] = await db
    .insert(staffMembers)
    .values(row)
    .onConflictDoNothing({ target: [staffMembers.tenantId, staffMembers.email] })
    .returning();
  return created;
}

export async function updateStaff(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<Pick<StaffRow, 'name' | 'role' | 'storeIds' | 'status' | 'lastSignInAt'>>,
  at: Date,
) {
  const [row] = await db
    .update(staffMembers)
    .set({ ...changes, updatedAt: at })
    .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.id, id)))
    .returning();
  return row;
}

/** Every store of the shop, in the shop's order. */
export async function storesOfTenant(db: Executor, tenantId: string) {
  return db
    .select({ id: stores.id, slug: stores.slug, name: stores.name })
    .from(stores)
    .where(eq(stores.tenantId, tenantId))
    .orderBy(asc(stores.position));
}

/**
 * Whether a person's stores cover the whole shop (an owner, or staff of every store): the
 * shop-wide switches and shop-wide promo codes need it (decision 14, back-office complaint 15).
 */
export async function worksInEveryStore(
  db: Executor,
  staff: { tenantId: string; storeIds: readonly string[] },
) {
  const all = await storesOfTenant(db, staff.tenantId);
  return all.every((s) => staff.storeIds.includes(s.id));
}

// Sessions

export async function insertSession(db: Executor, row: typeof staffSessions.$inferInsert) {
  await db.insert(staffSessions).values(row);
}

/** What a live staff session read gives: the session and its person. */
export const liveSessionColumns = {
  sessionId: staffSessions.id,
  expiresAt: staffSessions.expiresAt,
  lastSeenAt: staffSessions.lastSeenAt,
  staff: staffMembers,
};

/** The live session of a token in a shop, its person active (placeholders tenantId, tokenHash, at). */
export const LIVE_STAFF_SESSION = and(
  eq(staffSessions.tenantId, sql.placeholder('tenantId')),
  eq(staffSessions.tokenHash, sql.placeholder('tokenHash')),
  gt(staffSessions.expiresAt, sql.placeholder('at')),
  eq(staffMembers.status, 'active'),
);

/** Runs on every staff request (the desk's moves, its board): prepared once per database. */
const liveSession = preparedPerDatabase((db) =>
  db
    .select(liveSessionColumns)
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(LIVE_STAFF_SESSION)
    .prepare('staff_live_session'),
);

/** A live session with its person, as `findLiveSession` reads it. */
export type LiveStaffSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** The live session behind a token hash in this shop, with its person, in one round trip. */
export async function findLiveSession(db: Executor, tenantId: string, tokenHash: string, at: Date) {
  const [row] = await liveSession(db).execute({ tenantId, tokenHash, at });
  return row;
}

export async function touchSession(db: Executor, id: string, at: Date, expiresAt: Date) {
  await db.update(staffSessions).set({ lastSeenAt: at, expiresAt }).where(eq(staffSessions.id, id));
}

/** Deletes the session behind a token hash; answers the ids of what it deleted. */
export async function deleteSessionByHash(db: Executor, tenantId: string, tokenHash: string) {
  const rows = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.tenantId, tenantId), eq(staffSessions.tokenHash, tokenHash)))
    .returning({ id: staffSessions.id });
  return rows.map((row) => row.id);
}

export async function deleteSessionsOf(db: Executor, tenantId: string, staffId: string) {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.tenantId, tenantId), eq(staffSessions.staffId, staffId)));
}

// Sign-in codes

/** Serialises everything done for one staff address until the transaction ends. */
export async function lockStaffEmail(tx: Executor, tenantId: string, email: string) {
  const name = `staff-code:${tenantId}:${email}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

export async function latestCode(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select()
    .from(staffCodes)
    .where(and(eq(staffCodes.tenantId, tenantId), eq(staffCodes.email, email)))
    .orderBy(desc(staffCodes.createdAt))
    .limit(1);
  return row;
}

/** When each code sent since `since` to an address, or asked for from an IP, was sent; oldest first. */
export async function codeSendTimesSince(
  db: Executor,
  tenantId: string,
  by: { email: string } | { ip: string },
  since: Date,
) {
  const rows = await db
    .select({ at: staffCodes.createdAt })
    .from(staffCodes)
    .where(
      and(
        eq(staffCodes.tenantId, tenantId),
        'email' in by ? eq(staffCodes.email, by.email) : eq(staffCodes.requestIp, by.ip),
        gte(staffCodes.createdAt, since),
      ),
    )
    .orderBy(asc(staffCodes.createdAt));
  return rows.map((row) => row.at);
}

export async function closeOpenCodes(db: Executor, tenantId: string, email: string, at: Date) {
  await db
    .update(staffCodes)
    .set({ closedAt: at })
    .where(
      and(
        eq(staffCodes.tenantId, tenantId),
        eq(staffCodes.email, email),
        isNull(staffCodes.closedAt),
      ),
    );
}

export async function insertCode(db: Executor, row: typeof staffCodes.$inferInsert) {
  await db.insert(staffCodes).values(row);
}

export async function spendCodeTry(db: Executor, id: string, at: Date, close: boolean) {
  await db
    .update(staffCodes)
    .set({
      failedAttempts: sql`${staffCodes.failedAttempts} + 1`,
      ...(close ? { closedAt: at } : {}),
    })
    .where(eq(staffCodes.id, id));
}

export async function recordCodeFailure(db: Executor, row: typeof staffCodeFailures.$inferInsert) {
  await db.insert(staffCodeFailures).values(row);
}

/** Wrong codes for the address since `since`: in all, and from `network`. */
export async function codeFailuresSince(
  db: Executor,
  tenantId: string,
  email: string,
  network: string,
  since: Date,
) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      fromNetwork: sql<number>`(count(*) filter (where ${staffCodeFailures.network} = ${network}))::int`,
    })
    .from(staffCodeFailures)
    .where(
      and(
        eq(staffCodeFailures.tenantId, tenantId),
        eq(staffCodeFailures.email, email),
        gte(staffCodeFailures.failedAt, since),
      ),
    );
  return { total: row?.total ?? 0, fromNetwork: row?.fromNetwork ?? 0 };
}

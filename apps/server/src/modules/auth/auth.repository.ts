import { and, asc, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customerAddresses,
  customers,
  customerSessions,
  otpChallenges,
  otpFailures,
} from '../../db/schema.ts';
import { deliveryAddressColumns, type DeliveryAddress } from '../addresses/addresses.repository.ts';

export type Channel = 'email' | 'phone';
export interface ContactKey {
  tenantId: string;
  channel: Channel;
  contact: string;
}
export type OtpChallenge = typeof otpChallenges.$inferSelect;

const ofContact = (key: ContactKey) =>
  and(
    eq(otpChallenges.tenantId, key.tenantId),
    eq(otpChallenges.channel, key.channel),
    eq(otpChallenges.contact, key.contact),
  );

/**
 * Serialises everything done for one contact until the transaction ends, so two requests can
 * never both spend the same try or both create the customer.
 */
export async function lockContact(tx: Executor, key: ContactKey): Promise<void> {
  const name = `otp:${key.tenantId}:${key.channel}:${key.contact}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

export async function latestChallenge(
  db: Executor,
  key: ContactKey,
): Promise<OtpChallenge | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(ofContact(key))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row;
}

/** When each code sent to the contact since `since` was sent, oldest first. */
export async function sendTimesSince(db: Executor, key: ContactKey, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(and(ofContact(key), gte(otpChallenges.createdAt, since)))
    .orderBy(asc(otpChallenges.createdAt));
  return rows.map((row) => row.at);
}

/** When each code asked for from this IP address (any contact) since `since` was sent. */
export async function ipSendTimesSince(
  db: Executor,
  tenantId: string,
  ip: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ at: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.tenantId, tenantId),
        eq(otpChallenges.requestIp, ip),
        gte(otpChallenges.createdAt, since),
      ),
    )
    .orderBy(asc(otpChallenges.createdAt));
  return rows.map((row) => row.at);
}

/** Ends every open code of the contact: a new one replaces them. */
export async function closeOpenChallenges(db: Executor, key: ContactKey, at: Date): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ closedAt: at })
    .where(and(ofContact(key), isNull(otpChallenges.closedAt)));
}

export async function insertChallenge(
  db: Executor,
  challenge: typeof otpChallenges.$inferInsert,
): Promise<void> {
  await db.insert(otpChallenges).values(challenge);
}

/** Counts a wrong try on the code; `close` ends the code (its last allowed try). */
export async function addFailedAttempt(
  db: Executor,
  id: string,
  at: Date,
  close: boolean,
): Promise<void> {
  await db
    .update(otpChallenges)
    .set({
      failedAttempts: sql`${otpChallenges.failedAttempts} + 1`,
      ...(close ? { closedAt: at } : {}),
    })
    .where(eq(otpChallenges.id, id));
}

export async function closeChallenge(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(otpChallenges).set({ closedAt: at }).where(eq(otpChallenges.id, id));
}

export async function recordFailure(
  db: Executor,
  key: ContactKey,
  at: Date,
  network: string,
): Promise<void> {
  await db.insert(otpFailures).values({ ...key, failedAt: at, network });
}

/** When each wrong code for the contact since `since` was tried, and from where; oldest first. */
export async function failureTimesSince(
  db: Executor,
  key: ContactKey,
  since: Date,
): Promise<{ at: Date; network: string }[]> {
  return db
    .select({ at: otpFailures.failedAt, network: otpFailures.network })
    .from(otpFailures)
    .where(
      and(
        eq(otpFailures.tenantId, key.tenantId),
        eq(otpFailures.channel, key.channel),
        eq(otpFailures.contact, key.contact),
        gte(otpFailures.failedAt, since),
      ),
    )
    .orderBy(asc(otpFailures.failedAt));
}

export async function insertSession(
  db: Executor,
  session: typeof customerSessions.$inferInsert,
): Promise<void> {
  await db.insert(customerSessions).values(session);
}

/** The live session of a token in a shop (placeholders tenantId, tokenHash and now). */
const LIVE_SESSION = and(
  eq(customerSessions.tenantId, sql.placeholder('tenantId')),
  eq(customerSessions.tokenHash, sql.placeholder('tokenHash')),
  gt(customerSessions.expiresAt, sql.placeholder('now')),
);

/**
 * Runs on every signed-in request, so it is built and prepared once per database rather than
 * each time (never cached: a signed-out token stops working at once).
 */
const prepareCustomerOfSession = (db: Executor) =>
  db
    .select({ customerId: customerSessions.customerId })
    .from(customerSessions)
    .where(LIVE_SESSION)
    .limit(1)
    .prepare('customer_of_session');
const customerOfSession = new WeakMap<Executor, ReturnType<typeof prepareCustomerOfSession>>();

/** The customer a live session token belongs to, in this shop only. */
export async function customerIdOfSession(
  db: Executor,
  tenantId: string,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  let query = customerOfSession.get(db);
  if (!query) customerOfSession.set(db, (query = prepareCustomerOfSession(db)));
  const [row] = await query.execute({ tenantId, tokenHash, now });
  return row?.customerId;
}

/** What an order needs of its customer: who it is handed to, and where its messages go. */
export interface SessionContact {
  firstName: string;
  email: string | null;
  phone: string | null;
}

/** The session of `POST /api/order`, read in one round trip (decisions 11 and 55). */
export interface OrderSession {
  customerId: string;
  contact: SessionContact;
  /** The saved address the order names; null when it names none or one not theirs. */
  address: DeliveryAddress | null;
}

/**
 * The same read with the customer's name and contacts and one of their addresses joined in,
 * for POST /api/order: the session, the contact the order is handed to and the delivery
 * address come in one round trip instead of three (decisions 11 and 55). All are read on every
 * order, never remembered: an edited profile or address counts at once.
 */
const prepareOrderSession = (db: Executor) =>
  db
    .select({
      customerId: customerSessions.customerId,
      contact: { firstName: customers.firstName, email: customers.email, phone: customers.phone },
      address: deliveryAddressColumns,
    })
    .from(customerSessions)
    .innerJoin(
      customers,
      and(
        eq(customers.tenantId, customerSessions.tenantId),
        eq(customers.id, customerSessions.customerId),
      ),
    )
    .leftJoin(
      customerAddresses,
      and(
        eq(customerAddresses.tenantId, customerSessions.tenantId),
        eq(customerAddresses.customerId, customerSessions.customerId),
        eq(customerAddresses.id, sql.placeholder('addressId')),
      ),
    )
    .where(LIVE_SESSION)
    .limit(1)
    .prepare('order_session');
const orderSessions = new WeakMap<Executor, ReturnType<typeof prepareOrderSession>>();

/**
 * The customer of a live session token in this shop with their contact, and their address
 * `addressId` (a UUID, or null for none).
 */
export async function orderSessionOf(
  db: Executor,
  tenantId: string,
  tokenHash: string,
  now: Date,
  addressId: string | null,
): Promise<OrderSession | undefined> {
  let query = orderSessions.get(db);
  if (!query) orderSessions.set(db, (query = prepareOrderSession(db)));
  const [row] = await query.execute({ tenantId, tokenHash, now, addressId });
  return row;
}

export async function countSessions(db: Executor, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(customerSessions)
    .where(
      and(eq(customerSessions.tenantId, tenantId), eq(customerSessions.customerId, customerId)),
    );
  return row?.n ?? 0;
}

/** The shop's texts of the last hour: who asked (IP) and for which number, oldest first. */
export async function recentTextRequests(
  db: Executor,
  tenantId: string,
  since: Date,
): Promise<{ ip: string; phone: string; at: Date }[]> {
  return db
    .select({
      ip: otpChallenges.requestIp,
      phone: otpChallenges.contact,
      at: otpChallenges.createdAt,
    })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.tenantId, tenantId),
        gte(otpChallenges.createdAt, since),
        eq(otpChallenges.channel, 'phone'),
      ),
    )
    .orderBy(asc(otpChallenges.createdAt));
}

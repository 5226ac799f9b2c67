import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { rowInsert, type Computed, type RowInsert } from '../../db/row-insert.ts';
import { orders, outboxMessages } from '../../db/schema.ts';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof outboxMessages.$inferInsert,
  | 'tenantId'
  | 'channel'
  | 'recipient'
  | 'kind'
  | 'subject'
  | 'textBody'
  | 'htmlBody'
  | 'senderName'
  | 'discardAfter'
  | 'attachments'
  | 'orderId'
>;

export async function enqueueMessage(db: Executor, message: NewOutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/**
 * The queued message's insert, built and not yet run: to run beside a live event
 * (recordLiveEvent). `computed` names the columns the statement works out (decision 55: a cash
 * order's confirmation takes the number its order's insert draws).
 */
export function messageRow(
  message: NewOutboxMessage,
  computed?: Parameters<typeof rowInsert<typeof outboxMessages>>[2],
): RowInsert {
  return rowInsert(outboxMessages, message, computed);
}

/**
 * A queued message's first attempt held `seconds` past the database's own clock, the one the
 * claim reads (a `computed` column of `messageRow`): news that may yet be taken back.
 */
export const heldFor =
  (seconds: number): Computed =>
  (params) =>
    `now() + $${params.push(seconds)}::int * interval '1 second'`;

/**
 * Drops the messages of an order of the kinds given that are still held, never tried (a
 * claimed message has its attempt counted and is on its way): news of a move taken back
 * (decision 65). Answers how many were dropped.
 */
export async function dropHeldMessages(
  db: Executor,
  where: { tenantId: string; orderId: string; kinds: string[] },
): Promise<number> {
  const dropped = await db
    .delete(outboxMessages)
    .where(
      and(
        eq(outboxMessages.tenantId, where.tenantId),
        eq(outboxMessages.orderId, where.orderId),
        inArray(outboxMessages.kind, where.kinds),
        eq(outboxMessages.status, 'pending'),
        eq(outboxMessages.attempts, 0),
        sql`${outboxMessages.nextAttemptAt} > now()`,
      ),
    )
    .returning({ id: outboxMessages.id });
  return dropped.length;
}

/**
 * Takes up to `limit` due messages for this process: their next attempt moves `leaseMs` ahead,
 * so another instance (or this one after a crash) picks them up only if this one never reports
 * back. SKIP LOCKED lets several instances claim side by side. Prepared once per database: the
 * worker claims at every wake.
 */
const claim = preparedPerDatabase((db) =>
  db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      nextAttemptAt: sql`now() + ${sql.placeholder('leaseMs')} * interval '1 millisecond'`,
    })
    .where(
      inArray(
        outboxMessages.id,
        db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.status, 'pending'),
              lte(outboxMessages.nextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(outboxMessages.nextAttemptAt)
          .limit(sql.placeholder('limit'))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning()
    .prepare('outbox_claim'),
);

export function claimDueMessages(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<OutboxMessage[]> {
  return claim(db).execute({ limit, leaseMs });
}

/**
 * Delivered: the body goes (it may hold a code); who, what kind and when stay. The messages of
 * one batch are marked in one statement (decision 47), prepared once per database.
 */
const sent = preparedPerDatabase((db) =>
  db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      textBody: null,
      htmlBody: null,
      attachments: null,
      lastError: null,
    })
    .where(sql`${outboxMessages.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('outbox_mark_sent'),
);

export async function markSent(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sent(db).execute({ ids });
}

export async function markRetry(
  db: Executor,
  id: string,
  error: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ lastError: error, nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval` })
    .where(eq(outboxMessages.id, id));
}

/**
 * Not sent, on purpose (decision 82): too old to be worth sending, or news of an order that has
 * moved on since. The body goes, the reason stays for the order's page.
 */
export async function markDropped(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'dropped',
      lastError: reason,
      textBody: null,
      htmlBody: null,
      attachments: null,
    })
    .where(eq(outboxMessages.id, id));
}

/** Where the orders of these messages stand now, by the message's id. */
export async function orderStatusesOf(
  db: Executor,
  messages: Pick<OutboxMessage, 'id' | 'tenantId' | 'orderId'>[],
): Promise<Map<string, string>> {
  const about = messages.filter((m) => m.orderId !== null);
  if (about.length === 0) return new Map();
  const rows = await db
    .select({ tenantId: orders.tenantId, id: orders.id, status: orders.status })
    .from(orders)
    .where(
      inArray(
        orders.id,
        about.map((m) => m.orderId!),
      ),
    );
  const status = new Map(rows.map((r) => [`${r.tenantId}/${r.id}`, r.status]));
  const answer = new Map<string, string>();
  for (const m of about) {
    const now = status.get(`${m.tenantId}/${m.orderId}`);
    if (now) answer.set(m.id, now);
  }
  return answer;
}

/** Given up: the body goes too, and the reason stays for the operator. */
export async function markFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: error, textBody: null, htmlBody: null, attachments: null })
    .where(eq(outboxMessages.id, id));
}

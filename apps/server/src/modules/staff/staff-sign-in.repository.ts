import { and, asc, eq, gt, gte, isNull, or } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Executor, Transaction } from '../../db/client.ts';
import { staffCodes } from '../../db/schema.ts';
import { enqueueMessage, type NewOutboxMessage } from '../outbox/outbox.repository.ts';

/**
 * When each code sent to an address since `since` that could have been guessed at was sent,
 * oldest first: every code but those that signed somebody in at their first try.
 */
export async function guessableSendTimesSince(
  db: Executor,
  tenantId: string,
  email: string,
  since: Date,
) {
  const rows = await db
    .select({ at: staffCodes.createdAt })
    .from(staffCodes)
    .where(
      and(
        eq(staffCodes.tenantId, tenantId),
        eq(staffCodes.email, email),
        gte(staffCodes.createdAt, since),
        or(isNull(staffCodes.usedAt), gt(staffCodes.failedAttempts, 0)),
      ),
    )
    .orderBy(asc(staffCodes.createdAt));
  return rows.map((row) => row.at);
}

/** The code signed somebody in: closed, and marked as used. */
export async function useCode(db: Executor, id: string, at: Date) {
  await db.update(staffCodes).set({ closedAt: at, usedAt: at }).where(eq(staffCodes.id, id));
}

/**
 * Writes the code's e-mail to the outbox in a savepoint, which is kept for a member of staff
 * and rolled back for anybody else: every address costs the request the same statements, so
 * the time of the answer does not tell staff addresses apart (issue 31).
 */
export async function enqueueOrDiscard(
  tx: Transaction,
  message: NewOutboxMessage,
  keep: boolean,
): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await enqueueMessage(savepoint, message);
      if (!keep) savepoint.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

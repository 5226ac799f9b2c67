import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueMessage } from './outbox.repository.ts';

/**
 * A shop's hourly budget for one kind of message (issue 12, docs/decisions/0009): past it,
 * requests that would send one are refused with 429 until the oldest of the hour ages out, and
 * the shop's contact is told once an hour, so a pumping attack costs the shop one e-mail, not
 * a bill. Counted in the outbox (the messages themselves), so every process agrees.
 */
export interface Budget {
  tenantId: string;
  /** What is counted: outbox kinds and channel. */
  kinds: string[];
  channel: 'email' | 'sms';
  perHour: number;
  /** For the alert: which budget, in words ("sign-in texts"), the shop and its address. */
  label: string;
  shopName: string;
  alertTo: string;
}

const HOUR_MS = 3600_000;

/**
 * Checks the budget inside the transaction that would queue the message. Answers the error to
 * throw after the transaction commits (so the alert is kept), or null when there is room.
 */
export async function checkBudget(tx: Executor, budget: Budget): Promise<AppError | null> {
  const name = `budget:${budget.tenantId}:${budget.channel}:${budget.kinds.join(',')}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
  const since = sql`now() - interval '1 hour'`;
  const [row] = await tx
    .select({
      sent: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${outboxMessages.createdAt})`,
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.tenantId, budget.tenantId),
        inArray(outboxMessages.kind, budget.kinds),
        eq(outboxMessages.channel, budget.channel),
        gt(outboxMessages.createdAt, since),
      ),
    );
  if ((row?.sent ?? 0) < budget.perHour) return null;

  const alertKind = `budget_alert:${budget.channel}:${budget.kinds.join(',')}`;
  const [alerted] = await tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.tenantId, budget.tenantId),
        eq(outboxMessages.kind, alertKind),
        gt(outboxMessages.createdAt, since),
      ),
    )
    .limit(1);
  if (!alerted) {
    await enqueueMessage(tx, {
      tenantId: budget.tenantId,
      channel: 'email',
      recipient: budget.alertTo,
      kind: alertKind,
      senderName: 'Servery',
      subject: `${budget.shopName}: ${budget.label} paused for up to an hour`,
      textBody: [
        `${budget.shopName} has sent ${budget.perHour} ${budget.label} in the last hour, its hourly budget.`,
        '',
        'More are refused until the hour has passed. If this is not your customers (a sudden burst from unknown numbers or addresses), somebody may be trying to send messages at your expense: nothing more will go out beyond the budget.',
        '',
        'The budget is the `config.messaging.budgets` section of your shop document (docs/shop-document.md).',
      ].join('\n'),
      htmlBody: null,
      discardAfter: null,
      attachments: null,
    });
  }
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
  const waitSeconds = Math.max(60, Math.ceil((oldest + HOUR_MS - Date.now()) / 1000));
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    429,
    'shop_budget',
    `${budget.shopName} is sending a lot of messages right now. Please try again in ${minutes} minutes.`,
    undefined,
    waitSeconds,
  );
}

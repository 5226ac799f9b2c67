import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';

export interface RefundDeps {
  db: Database;
  card: CardProvider | null;
  log: FastifyBaseLogger;
}

/**
 * Money follows the decision (issue 14). In the transaction that rejects or cancels an order,
 * a card payment that was taken becomes `refund_pending`; after it commits the refund is made
 * (Stripe is never called inside a transaction), and a refund that fails stays pending for the
 * desk sweeper to try again: the customer is never charged for food they will not get.
 */
export async function markRefundDue(tx: Executor, tenantId: string, orderId: string) {
  const rows = await tx
    .update(payments)
    .set({ status: 'refund_pending', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.orderId, orderId),
        eq(payments.method, 'card'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Makes a pending refund; answers whether the money is back. */
export async function refundPending(deps: RefundDeps, tenantId: string, orderId: string) {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.orderId, orderId),
        eq(payments.status, 'refund_pending'),
      ),
    );
  if (!payment) return false;
  try {
    if (payment.provider === 'stripe') {
      if (!deps.card || !payment.intentId) throw new Error('Stripe is not set up here');
      await deps.card.refundPayment(payment.intentId, orderId);
    }
    // The demo (test-mode) provider holds no money: marking it is the whole refund.
    await deps.db
      .update(payments)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refund_pending')));
    return true;
  } catch (error) {
    deps.log.error(
      { err: logSafeError(error), orderId },
      'refund failed: the desk sweeper tries again',
    );
    return false;
  }
}

/** Refunds still pending: the sweeper's retry list (a small partial index keeps it cheap). */
export async function pendingRefunds(db: Database, limit = 20) {
  return db
    .select({ tenantId: payments.tenantId, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.status, 'refund_pending'))
    .limit(limit);
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@servery/contract/order';
import { SETTLING_PAYMENT_STATUSES } from '@servery/contract/settlement';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import { recordPaymentEvent } from '../live-events/live-events.repository.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';

export interface SettlementDeps {
  db: Database;
  card: CardProvider | null;
  log: FastifyBaseLogger;
}

/**
 * Money follows the decision (issue 14). A card is held at checkout; the shop's decision marks
 * what must happen to the money in the decision's own transaction, and the provider is called
 * after it commits (never inside a transaction):
 *
 * - accepted: `authorised` → `capture_pending` → `succeeded` (the hold is charged);
 * - rejected, auto-rejected or cancelled: `authorised` → `release_pending` → `released` (the
 *   hold is lifted, nothing was charged), or `capture_pending`/`succeeded` → `refund_pending` →
 *   `refunded` (an order charged at checkout because it was due days ahead, or a capture that
 *   went through first).
 *
 * A call the provider refuses leaves the pending state for the desk sweeper to try again, so the
 * customer is never charged for food they will not get, and always charged for food they get.
 * Every change of the payment's state records an `order.payment` live event in its own
 * transaction, so the desk and the customer's order page show it without a reload.
 */
export const UNSETTLED: PaymentStatus[] = [...SETTLING_PAYMENT_STATUSES];

/** The order whose payment is meant: its shop, its store (for the live event) and its id. */
export interface PaymentOf {
  tenantId: string;
  storeId: string;
  orderId: string;
}

/** In the accepting transaction: a held card payment is due to be charged. */
export async function markCaptureDue(tx: Executor, order: PaymentOf) {
  const rows = await tx
    .update(payments)
    .set({ status: 'capture_pending', updatedAt: sql`now()` })
    .where(and(ownCard(order), eq(payments.status, 'authorised')))
    .returning({ id: payments.id });
  if (rows.length > 0) await recordPaymentEvent(tx, order);
  return rows.length > 0;
}

/**
 * In the rejecting or cancelling transaction: a held payment is due to be released, a charged
 * one refunded. Answers the new status, or null when no card money is held (cash, unpaid).
 */
export async function markMoneyBackDue(
  tx: Executor,
  order: PaymentOf,
): Promise<PaymentStatus | null> {
  const rows = await tx
    .update(payments)
    .set({
      status: sql`case when ${payments.status} = 'authorised' then 'release_pending' else 'refund_pending' end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(ownCard(order), inArray(payments.status, ['authorised', 'capture_pending', 'succeeded'])),
    )
    .returning({ status: payments.status });
  if (rows[0]) await recordPaymentEvent(tx, order);
  return rows[0]?.status ?? null;
}

/**
 * The only method whose money the desk's moves settle. A payment's method never changes once
 * its order is written, so a move of an order paid otherwise skips the updates below (decision
 * 47): they could match no row.
 */
export const SETTLED_METHOD = 'card';

function ownCard({ tenantId, orderId }: PaymentOf) {
  return and(
    eq(payments.tenantId, tenantId),
    eq(payments.orderId, orderId),
    eq(payments.method, SETTLED_METHOD),
  );
}

/** Does what a pending payment waits for; answers whether it is settled now. */
export async function settlePayment(deps: SettlementDeps, tenantId: string, orderId: string) {
  const [row] = await deps.db
    .select({ payment: payments, storeId: orders.storeId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.orderId, orderId),
        inArray(payments.status, UNSETTLED),
      ),
    );
  if (!row) return false;
  const { payment } = row;
  try {
    const outcome = await outcomeOf(deps, payment, orderId);
    await deps.db.transaction(async (tx) => {
      // Conditional: a decision taken meanwhile (a cancel after an accept) keeps its own step.
      const settled = await tx
        .update(payments)
        .set({
          status: outcome.status,
          failureMessage: outcome.failureMessage,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
        .returning({ id: payments.id });
      if (settled.length > 0) {
        await recordPaymentEvent(tx, { tenantId, storeId: row.storeId, orderId });
      }
    });
    if (outcome.status === 'cancelled') {
      deps.log.error({ orderId }, 'capture: the card hold had lapsed, the order is not paid');
    }
    return true;
  } catch (error) {
    deps.log.error(
      { err: logSafeError(error), orderId, step: payment.status },
      'payment settlement failed: the desk sweeper tries again',
    );
    // The next try gets a key of its own (a reused key gets this refusal back from Stripe).
    await deps.db
      .update(payments)
      .set({ settleAttempts: sql`${payments.settleAttempts} + 1` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
    return false;
  }
}

async function outcomeOf(
  deps: SettlementDeps,
  payment: typeof payments.$inferSelect,
  orderId: string,
): Promise<{ status: PaymentStatus; failureMessage: string | null }> {
  if (payment.provider !== 'stripe') {
    // The demo (test-mode) provider holds no money: the step is the whole settlement.
    return { status: DEMO_OUTCOME[payment.status]!, failureMessage: null };
  }
  if (!deps.card || !payment.intentId) throw new Error('Stripe is not set up here');
  const attempt = `${orderId}-${payment.settleAttempts}`;
  if (payment.status === 'capture_pending') {
    const news = await deps.card.capturePayment(payment.intentId, payment.stripeAccount, attempt);
    return news.status === 'succeeded'
      ? { status: 'succeeded', failureMessage: null }
      : { status: 'cancelled', failureMessage: 'The card hold lapsed before it was charged.' };
  }
  return {
    status: await deps.card.returnPayment(payment.intentId, payment.stripeAccount, attempt),
    failureMessage: null,
  };
}

const DEMO_OUTCOME: Partial<Record<PaymentStatus, PaymentStatus>> = {
  capture_pending: 'succeeded',
  release_pending: 'released',
  refund_pending: 'refunded',
};

/** Payments still waiting for the provider: the sweeper's retry list (a partial index). */
export async function unsettledPayments(db: Database, limit = 20) {
  return db
    .select({ tenantId: payments.tenantId, orderId: payments.orderId })
    .from(payments)
    .where(inArray(payments.status, UNSETTLED))
    .limit(limit);
}

import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orders, payments, refunds } from '../../db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/**
 * Reserves `amount` of an order's payment for a refund: one conditional update, so it takes the
 * payment row's lock and two refunds at once are counted one after the other; the check
 * `payments_refunded_check` holds the same line if this were ever bypassed. Answers the payment
 * after it, or undefined when the amount would pass what was paid.
 */
export async function reserveRefund(
  tx: Executor,
  where: { tenantId: string; orderId: string },
  amount: number,
) {
  const [row] = await tx
    .update(payments)
    .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.tenantId, where.tenantId),
        eq(payments.orderId, where.orderId),
        sql`${payments.refunded} + ${amount} <= ${payments.amount}`,
      ),
    )
    .returning();
  return row;
}

/** Gives back a reservation whose card refund failed: the money was never returned. */
export async function releaseRefund(
  tx: Executor,
  where: { tenantId: string; orderId: string },
  amount: number,
) {
  await tx
    .update(payments)
    .set({ refunded: sql`${payments.refunded} - ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(payments.tenantId, where.tenantId), eq(payments.orderId, where.orderId)));
}

export async function insertRefund(tx: Executor, refund: NewRefund) {
  const [row] = await tx.insert(refunds).values(refund).returning();
  return row!;
}

export async function refundByKey(db: Executor, tenantId: string, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.idempotencyKey, key)));
  return row;
}

/** An order's refunds, oldest first; failed ones too unless `live` (they gave nothing back). */
export async function refundsOfOrder(
  db: Executor,
  tenantId: string,
  orderId: string,
  live = false,
) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        eq(refunds.orderId, orderId),
        live ? ne(refunds.status, 'failed') : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function settleRefund(
  tx: Executor,
  id: string,
  outcome: { status: 'succeeded' | 'failed'; providerRefundId?: string; failureMessage?: string },
) {
  const [row] = await tx
    .update(refunds)
    .set({
      status: outcome.status,
      providerRefundId: outcome.providerRefundId ?? null,
      failureMessage: outcome.failureMessage ?? null,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** An order of the given stores with its payment and its customer's contacts, or undefined. */
export async function orderForRefund(
  db: Executor,
  tenantId: string,
  storeIds: string[],
  id: string,
) {
  if (storeIds.length === 0) return undefined;
  const [row] = await db
    .select({
      order: orders,
      payment: payments,
      customer: { email: customers.email, phone: customers.phone },
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(eq(orders.tenantId, tenantId), inArray(orders.storeId, storeIds), eq(orders.id, id)),
    );
  return row;
}

/** The refund the provider knows by `providerRefundId`, or our own by its id when given. */
export async function refundOfProvider(
  db: Executor,
  tenantId: string,
  providerRefundId: string,
  ownId: string | null,
) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        ownId && /^[0-9a-f-]{36}$/i.test(ownId)
          ? eq(refunds.id, ownId)
          : eq(refunds.providerRefundId, providerRefundId),
      ),
    );
  return row;
}

/** A refund the provider says failed after it had succeeded (its money never left). */
export async function failSettledRefund(tx: Executor, id: string, message: string) {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'failed', failureMessage: message })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'succeeded')))
    .returning();
  return row;
}

/** The contacts of an order's customer (a refund made elsewhere is told to them too). */
export async function customerOfOrder(db: Executor, customerId: string) {
  const [row] = await db
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, orders, payments, webhookEvents } from '../../db/schema.ts';
import { orderNumberSequence } from '../tenants/tenants.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export interface Owner {
  tenantId: string;
  customerId: string;
}

/** The shop's next order number, from its own sequence: never waits for another order. */
export async function nextOrderNumber(tx: Executor, tenantId: string): Promise<number> {
  const result = await tx.execute(
    sql.raw(`select nextval('${orderNumberSequence(tenantId)}') as number`),
  );
  const rows = (result as unknown as { rows: { number: string | number }[] }).rows;
  return Number(rows[0]!.number);
}

export async function insertOrder(tx: Executor, order: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(order).returning();
  return row!;
}

export async function insertPayment(tx: Executor, payment: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(payment).returning();
  return row!;
}

/** The customer's own order and its payment; another customer's id finds nothing. */
export async function findOwnedOrder(db: Executor, owner: Owner, id: string) {
  const [row] = await db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, owner.tenantId),
        eq(orders.customerId, owner.customerId),
        eq(orders.id, id),
      ),
    );
  return row;
}

export async function listOwnedOrders(db: Executor, owner: Owner, limit: number, offset: number) {
  const where = and(eq(orders.tenantId, owner.tenantId), eq(orders.customerId, owner.customerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The payment (locked for the transaction) with its order, by the provider's id. */
export async function lockPaymentByIntent(tx: Executor, intentId: string) {
  const [row] = await tx
    .select({ order: orders, payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.intentId, intentId))
    .for('update', { of: payments });
  return row;
}

/** The payment (locked) of a customer's order. */
export async function lockOwnedPayment(tx: Executor, owner: Owner, orderId: string) {
  const [row] = await tx
    .select({ order: orders, payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.tenantId, owner.tenantId),
        eq(orders.customerId, owner.customerId),
        eq(orders.id, orderId),
      ),
    )
    .for('update', { of: payments });
  return row;
}

export async function updatePayment(
  tx: Executor,
  id: string,
  change: Partial<Pick<PaymentRow, 'status' | 'failureMessage' | 'providerUpdatedAt'>>,
) {
  await tx
    .update(payments)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * Moves an order from one status to the next, recording when; false when it was not in `from`
 * (someone else moved it first), so each transition happens once.
 */
export async function moveOrder(
  tx: Executor,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  at: Date,
): Promise<boolean> {
  const entry = JSON.stringify([{ status: to, at: at.toISOString() }]);
  const rows = await tx
    .update(orders)
    .set({
      status: to,
      statusHistory: sql`${orders.statusHistory} || ${entry}::jsonb`,
      updatedAt: at,
    })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Claims an Idempotency-Key; false when it exists (then read it with findIdempotencyKey). */
export async function claimIdempotencyKey(
  tx: Executor,
  owner: Owner,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...owner, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findIdempotencyKey(db: Executor, owner: Owner, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, owner.tenantId),
        eq(idempotencyKeys.customerId, owner.customerId),
        eq(idempotencyKeys.key, key),
      ),
    );
  return row;
}

export async function saveIdempotentResponse(
  tx: Executor,
  owner: Owner,
  key: string,
  status: number,
  body: unknown,
) {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(
      and(
        eq(idempotencyKeys.tenantId, owner.tenantId),
        eq(idempotencyKeys.customerId, owner.customerId),
        eq(idempotencyKeys.key, key),
      ),
    );
}

/** Records a provider event; false when it was already recorded (a replay). */
export async function recordWebhookEvent(tx: Executor, provider: string, eventId: string) {
  const rows = await tx
    .insert(webhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  return rows.length > 0;
}

/** The shop a provider's payment belongs to. */
export async function tenantOfIntent(db: Executor, intentId: string) {
  const [row] = await db
    .select({ tenantId: payments.tenantId })
    .from(payments)
    .where(eq(payments.intentId, intentId));
  return row?.tenantId;
}

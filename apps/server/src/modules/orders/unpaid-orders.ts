import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { PaymentStatus } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { requestHash } from '../../lib/idempotency.ts';
import {
  ownedBy,
  selectOwnedOrders,
  type NewOrder,
  type NewPayment,
  type OrderRow,
  type Owner,
  type PaymentRow,
} from './orders.repository.ts';

/**
 * Card orders nobody paid (issue 20): a declined card, an abandoned 3-D Secure check or a closed
 * tab leaves an order `pending_payment` whose payment can still be made. Checking out the same
 * basket again takes up that order, rather than writing another that offers "Pay" too
 * (findUnpaidTwin), and the customer's list shows only the newest order awaiting payment
 * (listOwnedOrders, notSuperseded in orders.repository.ts), so there is at most one.
 */

/** A payment still waiting for the customer's card: never made, declined, or not authenticated. */
export const OPEN_PAYMENT: PaymentStatus[] = ['requires_payment', 'requires_action', 'failed'];

/** How long an unpaid order is taken up again by the same basket. */
export const UNPAID_TWIN_MS = 30 * 60_000;

/** The basket of an order, as far as paying for it goes: all but its id, number and times. */
function basketOf(order: Omit<NewOrder, 'id'>, payment: Omit<NewPayment, 'intentId'>) {
  // Hashed with sorted keys: the database gives JSON objects back in an order of its own.
  return requestHash([
    order.storeId,
    order.orderType,
    order.address,
    order.asap,
    // ASAP is a time from now, worked out again; a slot is the same slot.
    order.asap ? null : order.scheduledFor.toISOString(),
    order.lines,
    order.total,
    order.discount,
    order.promoCode,
    order.notes,
    order.currency,
    payment.method,
    payment.provider,
    payment.amount,
    payment.stripeAccount,
  ]);
}

/** Whether an unpaid order is the very basket about to be written. */
export function sameBasket(
  earlier: { order: OrderRow; payment: PaymentRow },
  next: { order: NewOrder; payment: NewPayment },
): boolean {
  return basketOf(earlier.order, earlier.payment) === basketOf(next.order, next.payment);
}

/**
 * The customer's recent unpaid card order of the same basket at the same store, if any, newest
 * first: the order a checkout sent again takes up.
 */
export async function findUnpaidTwin(
  db: Executor,
  owner: Owner,
  next: { order: NewOrder; payment: NewPayment },
  at: Date,
): Promise<{ order: OrderRow; payment: PaymentRow } | undefined> {
  // The newest few unpaid orders, by their plain columns only: one whose total, way, ASAP and
  // notes match the basket's is read whole and hashed. Reading and hashing five whole orders on
  // every checkout was a large share of an order's CPU (bench/RESULTS.md, "Placing orders").
  const recent = await db
    .select({
      id: orders.id,
      total: orders.total,
      orderType: orders.orderType,
      asap: orders.asap,
      notes: orders.notes,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      ownedBy(
        owner,
        eq(orders.storeId, next.order.storeId),
        eq(orders.status, 'pending_payment'),
        gte(orders.createdAt, new Date(at.getTime() - UNPAID_TWIN_MS)),
        inArray(payments.status, OPEN_PAYMENT),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  const likely = recent.filter(
    (row) =>
      row.total === next.order.total &&
      row.orderType === next.order.orderType &&
      row.asap === next.order.asap &&
      row.notes === next.order.notes,
  );
  if (likely.length === 0) return undefined;
  const rows = await selectOwnedOrders(
    db,
    owner,
    inArray(
      orders.id,
      likely.map((row) => row.id),
    ),
  ).orderBy(desc(orders.createdAt));
  return rows.find((row) => sameBasket(row, next));
}

/**
 * Takes up an unpaid order again: an ASAP order's time is worked out afresh. False when it was
 * paid or failed meanwhile (then a new order is written).
 */
export async function takeUpUnpaid(
  db: Executor,
  id: string,
  scheduledFor: Date,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ scheduledFor, updatedAt: at })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

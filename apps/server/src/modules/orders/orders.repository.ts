import { OPEN_ORDER_STATUSES } from '@servery/contract/desk-moves';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@servery/contract/order';
import { vatBands } from '@servery/contract/pricing';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, orders, payments, refunds, webhookEvents } from '../../db/schema.ts';
import { orderNumberSequence } from '../tenants/tenants.repository.ts';
import {
  changeAndRows,
  insertStatement,
  rowInsert,
  runPrepared,
  type Computed,
} from '../../db/row-insert.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export interface Owner {
  tenantId: string;
  customerId: string;
}

/** A new order: what is known before it is written (its number and VAT bands come with the write). */
export type NewOrder = Omit<
  OrderRow,
  'number' | 'promisedAt' | 'unwatchedAlertAt' | 'printCount' | 'vatBands' | 'offDeskAt'
>;
export type NewPayment = Pick<
  PaymentRow,
  | 'method'
  | 'provider'
  | 'status'
  | 'amount'
  | 'currency'
  | 'intentId'
  | 'clientSecret'
  | 'stripeAccount'
>;

const ON_DESK: readonly OrderStatus[] = OPEN_ORDER_STATUSES;

/**
 * An order's `off_desk_at` once it is in `status` (decision 90): null while it is on the desk
 * (placed to out for delivery), else the moment it left it, or was made awaiting its payment.
 * Written with every status an order is given: its insert, the desk's moves and their undo, the
 * payment's outcome.
 */
export const offDeskAt = (status: OrderStatus, at: Date): Date | null =>
  ON_DESK.includes(status) ? null : at;

/** Whether every one of `statuses` is on the desk: a list of them reads the desk's index alone. */
export const onDeskOnly = (statuses: readonly OrderStatus[]): boolean =>
  statuses.every((status) => ON_DESK.includes(status));

/** The VAT by rate of an order's invoice, kept with it for the reports (issue 29 point 6). */
export const invoiceBands = (order: Pick<NewOrder, 'lines' | 'deliveryFee' | 'discount'>) =>
  vatBands(order.lines, order.deliveryFee, order.discount);

/**
 * The order's number, drawn from the shop's own sequence by the order's insert itself (decision
 * 55): it never waits for another order, and a failed order leaves a gap nobody minds.
 */
const numberFromSequence =
  (tenantId: string): Computed =>
  (params) =>
    `nextval($${params.push(orderNumberSequence(tenantId))}::regclass)`;

/**
 * Where a message written with its order names the order's number, which the statement draws
 * (decision 55): the statement puts the number in its place. A customer or a shop typing it in
 * a name would see that order's own number there, nothing else.
 */
export const ORDER_NUMBER_MARK = '⟦order number⟧';

/** A text of a row written alongside its order, the order's number put in for the mark. */
export const withOrderNumber =
  (text: string): Computed =>
  (params, from) => {
    if (!from) throw new Error('An order number is put in only beside the order’s insert.');
    return `replace($${params.push(text)}, $${params.push(ORDER_NUMBER_MARK)}, ${from}.number::text)`;
  };

/**
 * An order's row, numbered by the insert, and its payment's, as one statement's change
 * (`returning id, number`) and the row that goes with it (decisions 53 and 55): the payment is
 * written only with the order, both or neither.
 */
export function orderAndPayment(order: NewOrder, payment: NewPayment) {
  // 0 stands in for the number in the row's values: the insert draws it (computed).
  const row = rowInsert(orders, orderRowOf(order, 0), {
    number: numberFromSequence(order.tenantId),
  });
  return {
    change: insertStatement(row, 'returning id, number'),
    payment: rowInsert(payments, { ...payment, tenantId: order.tenantId, orderId: order.id }),
  };
}

/**
 * A new order as its row: nothing promised, alarmed or printed yet; on the desk if placed, not
 * while it awaits its payment (offDeskAt).
 */
export function orderRowOf(order: NewOrder, number: number): OrderRow {
  return {
    ...order,
    number,
    ...{ promisedAt: null, unwatchedAlertAt: null, printCount: 0 },
    offDeskAt: offDeskAt(order.status, order.createdAt),
    vatBands: invoiceBands(order),
  };
}

/**
 * An order waiting for its card payment (or one a test writes), with its payment, in one
 * statement that draws its number: atomic without a transaction of its own. Returns the
 * order's number. A cash order, placed at once, is written with its confirmation and live
 * event too (payments.service.ts `writeCashOrder`).
 */
export async function insertOrderWithPayment(
  ex: Executor,
  order: NewOrder,
  payment: NewPayment,
): Promise<number> {
  const rows = orderAndPayment(order, payment);
  const statement = changeAndRows(rows.change, [rows.payment]);
  const [written] = await runPrepared(ex, {
    sql: `${statement.sql} select number from changed`,
    params: statement.params,
  });
  return Number(written!.number);
}

/** The customer's own orders and the further conditions, as a condition. */
export function ownedBy(owner: Owner, ...conditions: SQL[]) {
  return and(
    eq(orders.tenantId, owner.tenantId),
    eq(orders.customerId, owner.customerId),
    ...conditions,
  );
}

/**
 * The customer's orders with their payments that meet the further conditions: the one select
 * behind the customer's order, list and unpaid twin (unpaid-orders.ts). Ordering and paging are
 * the caller's.
 */
export function selectOwnedOrders(db: Executor, owner: Owner, ...conditions: SQL[]) {
  return db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(ownedBy(owner, ...conditions));
}

/** The customer's own order and its payment; another customer's id finds nothing. */
/** The refunds an order's VAT invoice lists, oldest first (a failed one gave nothing back). */
export async function refundsOnInvoice(db: Executor, tenantId: string, orderId: string) {
  return db
    .select({ amount: refunds.amount, createdAt: refunds.createdAt })
    .from(refunds)
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        eq(refunds.orderId, orderId),
        ne(refunds.status, 'failed'),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findOwnedOrder(db: Executor, owner: Owner, id: string) {
  const [row] = await selectOwnedOrders(db, owner, eq(orders.id, id));
  return row;
}

/**
 * The list's filter: an order awaiting payment shows only while no newer one of the same
 * customer awaits payment too (an older one was given up for it, unpaid-orders.ts). It stays
 * readable by its id, and a payment made on it later still places it.
 */
export const notSuperseded = sql`not (${orders.status} = 'pending_payment' and exists (
  select 1 from orders newer
  where newer.tenant_id = ${orders.tenantId} and newer.customer_id = ${orders.customerId}
    and newer.status = 'pending_payment'
    and (newer.created_at, newer.number) > (${orders.createdAt}, ${orders.number})))`;

/** The customer's orders, newest first, but an order awaiting payment that a newer one replaced. */
export async function listOwnedOrders(db: Executor, owner: Owner, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    selectOwnedOrders(db, owner, notSuperseded)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(ownedBy(owner, notSuperseded)),
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
      offDeskAt: offDeskAt(to, at),
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

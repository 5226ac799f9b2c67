import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@servery/contract/order';
import { vatBands } from '@servery/contract/pricing';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, orders, payments, webhookEvents } from '../../db/schema.ts';
import { orderNumberSequence } from '../tenants/tenants.repository.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export interface Owner {
  tenantId: string;
  customerId: string;
}

/**
 * The orders columns the raw insert below leaves to their defaults: nothing promised, alarmed
 * or printed yet (raw-insert.test.ts holds the insert to db/schema.ts with this list).
 */
export const ORDER_COLUMNS_LEFT_TO_DEFAULTS = ['promised_at', 'unwatched_alert_at', 'print_count'];

/** A new order: the raw insert below writes these columns (and its VAT bands, from its lines). */
export type NewOrder = Omit<
  OrderRow,
  'number' | 'promisedAt' | 'unwatchedAlertAt' | 'printCount' | 'vatBands'
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

/** The VAT by rate of an order's invoice, kept with it for the reports (issue 29 point 6). */
export const invoiceBands = (order: Pick<NewOrder, 'lines' | 'deliveryFee' | 'discount'>) =>
  vatBands(order.lines, order.deliveryFee, order.discount);

/**
 * The order, numbered from the shop's own sequence (never waits for another order), and its
 * payment, in one statement: one round trip, atomic without a transaction of its own. Plain
 * SQL, prepared once per connection under its name: the same text serves every shop, the
 * sequence being a parameter. Returns the order's number. A speed shortcut (decision 23): its
 * columns are checked against db/schema.ts by raw-insert.test.ts.
 */
export const INSERT_ORDER_WITH_PAYMENT = `with placed as (
  insert into orders (id, tenant_id, customer_id, number, store_id, store_name, store_phone,
    order_type, address, asap, scheduled_for, lines, subtotal, delivery_fee, discount, total, vat,
    currency, promo_id, promo_code, notes, status, status_history, created_at, updated_at,
    vat_bands)
  values ($1, $2, $3, nextval($4::regclass), $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
    $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $34)
  returning id, tenant_id, number
), paid as (
  insert into payments (tenant_id, order_id, method, provider, status, amount, currency,
    intent_id, client_secret, stripe_account)
  select tenant_id, id, $26::text, $27::text, $28::text, $29::integer, $30::text, $31::text,
    $32::text, $33::text
  from placed
)
select number from placed`;

export async function insertOrderWithPayment(
  ex: Executor,
  order: NewOrder,
  payment: NewPayment,
): Promise<number> {
  const params = [
    order.id,
    order.tenantId,
    order.customerId,
    orderNumberSequence(order.tenantId),
    order.storeId,
    order.storeName,
    order.storePhone,
    order.orderType,
    order.address === null ? null : JSON.stringify(order.address),
    order.asap,
    order.scheduledFor.toISOString(),
    JSON.stringify(order.lines),
    order.subtotal,
    order.deliveryFee,
    order.discount,
    order.total,
    order.vat,
    order.currency,
    order.promoId,
    order.promoCode,
    order.notes,
    order.status,
    JSON.stringify(order.statusHistory),
    order.createdAt.toISOString(),
    order.updatedAt.toISOString(),
    payment.method,
    payment.provider,
    payment.status,
    payment.amount,
    payment.currency,
    payment.intentId,
    payment.clientSecret,
    payment.stripeAccount,
    JSON.stringify(invoiceBands(order)),
  ];
  const result = (await ex._.session
    .prepareQuery(
      { sql: INSERT_ORDER_WITH_PAYMENT, params },
      undefined,
      'insert_order_with_payment',
      false,
    )
    .execute()) as { rows: { number: number }[] };
  return result.rows[0]!.number;
}

/**
 * The shop's next order number, from its own sequence (never waits for another order): a cash
 * order takes it before the statement that writes it with its confirmation (decision 53).
 */
export async function nextOrderNumber(ex: Executor, tenantId: string): Promise<number> {
  const result = (await ex._.session
    .prepareQuery(
      { sql: 'select nextval($1::regclass) as number', params: [orderNumberSequence(tenantId)] },
      undefined,
      'next_order_number',
      false,
    )
    .execute()) as { rows: { number: number | string | bigint }[] };
  return Number(result.rows[0]!.number);
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

import { and, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, refunds } from '../../db/schema.ts';
import { vatBands } from '@servery/contract/pricing';
import {
  SOLD_STATUSES,
  type SaleRefund,
  type HourSums,
  type ItemSums,
  type RateSums,
} from './sales-figures.ts';

export interface Window {
  tenantId: string;
  storeIds: string[];
  start: Date;
  end: Date;
}

/** The orders a report counts: the stores', taken by the shop, placed in [start, end). */
const sold = (w: Window) =>
  and(
    eq(orders.tenantId, w.tenantId),
    inArray(orders.storeId, w.storeIds),
    inArray(orders.status, [...SOLD_STATUSES]),
    gte(orders.createdAt, w.start),
    lt(orders.createdAt, w.end),
  );

/** A sum of integers as a number (PostgreSQL adds integers up as bigint). */
const total = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::bigint`;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  // Counts and sums come back as bigint (a string on PostgreSQL, a BigInt on PGlite).
  return result.rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, k === 'name' ? v : Number(v)]),
      ) as T,
  );
}

/**
 * The period's orders added up by the hour of the shop's clock it was placed in (at most 24
 * rows; a 25-hour day's repeated hour falls in one). The payment's method is looked up by its
 * unique index order by order: cheaper than reading every payment of the shop's year.
 */
export async function hourSums(db: Executor, w: Window, timeZone: string) {
  if (w.storeIds.length === 0) return [];
  const method = sql`(select ${payments.method} from ${payments} where ${payments.orderId} = ${orders.id})`;
  return rows<HourSums>(
    db,
    sql`select extract(hour from ${orders.createdAt} at time zone ${timeZone})::int as hour,
      count(*) as orders, ${total(sql`${orders.total}`)} as gross,
      ${total(sql`${orders.discount}`)} as discounts,
      ${total(sql`${orders.deliveryFee}`)} as delivery_fees,
      ${total(sql`case when ${method} = 'cash' then ${orders.total} else 0 end`)} as cash
    from ${orders} where ${sold(w)} group by 1`,
  );
}

/** The VAT bands of the period's invoices added up by rate (orders that have them stored). */
export async function rateSums(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return rows<RateSums>(
    db,
    sql`select (b->>'rate')::int as rate, ${total(sql`(b->>'gross')::int`)} as gross,
      ${total(sql`(b->>'vat')::int`)} as vat
    from ${orders} cross join lateral jsonb_array_elements(${orders.vatBands}) b
    where ${sold(w)} and ${orders.vatBands} is not null group by 1`,
  );
}

/** What each dish sold in the period: quantity and the lines' totals, by name. */
export async function itemSums(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return rows<ItemSums>(
    db,
    sql`select l->>'name' as name, ${total(sql`(l->>'quantity')::int`)} as quantity,
      ${total(sql`(l->>'line_total')::int`)} as gross
    from ${orders} cross join lateral jsonb_array_elements(${orders.lines}) l
    where ${sold(w)} group by 1`,
  );
}

/**
 * The period's orders placed before orders kept their VAT bands (migration 0026): their lines,
 * fee and discount, for the bands to be worked out here. None for orders placed since.
 */
export async function unbandedOrders(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return db
    .select({ lines: orders.lines, deliveryFee: orders.deliveryFee, discount: orders.discount })
    .from(orders)
    .where(and(sold(w), isNull(orders.vatBands)));
}

/** The orders behind a report, one a row, for its CSV export (format=orders_csv). */
export async function soldOrders(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return db
    .select({
      number: orders.number,
      storeName: orders.storeName,
      orderType: orders.orderType,
      status: orders.status,
      createdAt: orders.createdAt,
      subtotal: orders.subtotal,
      total: orders.total,
      discount: orders.discount,
      deliveryFee: orders.deliveryFee,
      vat: orders.vat,
      method: payments.method,
      refunded: payments.refunded,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(sold(w))
    .orderBy(orders.createdAt, orders.id);
}

/**
 * The refunds given in [start, end) (a failed card refund gave nothing back), each with its
 * order's VAT bands (or, for an order placed before they were kept, what they are worked from).
 */
export async function givenRefunds(db: Executor, w: Window): Promise<SaleRefund[]> {
  if (w.storeIds.length === 0) return [];
  const rows = await db
    .select({
      amount: refunds.amount,
      method: refunds.method,
      vatBands: orders.vatBands,
      lines: orders.lines,
      deliveryFee: orders.deliveryFee,
      discount: orders.discount,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.tenantId, w.tenantId),
        inArray(refunds.storeId, w.storeIds),
        ne(refunds.status, 'failed'),
        gte(refunds.createdAt, w.start),
        lt(refunds.createdAt, w.end),
      ),
    );
  return rows.map((r) => ({
    amount: r.amount,
    method: r.method,
    bands: r.vatBands ?? vatBands(r.lines, r.deliveryFee, r.discount),
  }));
}

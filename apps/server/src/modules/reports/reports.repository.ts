import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, refunds } from '../../db/schema.ts';
import { SOLD_STATUSES } from './sales-figures.ts';

export interface Window {
  tenantId: string;
  storeIds: string[];
  start: Date;
  end: Date;
}

/**
 * The orders a report counts, placed in [start, end): only the columns it adds up, and of each
 * line only its name, quantity, total and VAT rate (the lines' other fields stay in the table).
 */
export async function soldOrders(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
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
      lines: sql<
        { name: string; quantity: number; line_total: number; vat_rate: number }[]
      >`(select coalesce(jsonb_agg(jsonb_build_object('name', l->'name', 'quantity', l->'quantity', 'line_total', l->'line_total', 'vat_rate', l->'vat_rate')), '[]'::jsonb) from jsonb_array_elements(${orders.lines}) l)`,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, w.tenantId),
        inArray(orders.storeId, w.storeIds),
        inArray(orders.status, [...SOLD_STATUSES]),
        gte(orders.createdAt, w.start),
        lt(orders.createdAt, w.end),
      ),
    )
    .orderBy(orders.createdAt, orders.id);
}

/** The refunds given in [start, end) (a failed card refund gave nothing back). */
export async function givenRefunds(db: Executor, w: Window) {
  if (w.storeIds.length === 0) return [];
  return db
    .select({ amount: refunds.amount, method: refunds.method })
    .from(refunds)
    .where(
      and(
        eq(refunds.tenantId, w.tenantId),
        inArray(refunds.storeId, w.storeIds),
        ne(refunds.status, 'failed'),
        gte(refunds.createdAt, w.start),
        lt(refunds.createdAt, w.end),
      ),
    );
}

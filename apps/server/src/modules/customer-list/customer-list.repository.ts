import { and, desc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orders, payments } from '../../db/schema.ts';
import { containing, type Cursor } from '../order-history/history-cursor.ts';
import { SOLD_STATUSES } from '../reports/sales-figures.ts';

export interface CustomerScope {
  tenantId: string;
  storeIds: string[];
  /** An owner sees every customer; others see those who ordered in their stores. */
  everyone: boolean;
}

const orderedIn = (scope: CustomerScope) =>
  sql`exists (select 1 from ${orders} where ${orders.tenantId} = ${scope.tenantId} and ${orders.customerId} = ${customers.id} and ${inArray(orders.storeId, scope.storeIds)})`;

function searchOf(q: string): SQL | undefined {
  const text = containing(q);
  const digits = q.replace(/\D/g, '').replace(/^(?:44|0)/, '');
  return and(
    isNull(customers.deletedAt),
    or(
      sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${text}`,
      sql`${customers.email} ilike ${text}`,
      digits.length >= 4
        ? sql`regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${containing(digits)}`
        : undefined,
    ),
  );
}

/** A page of customers, newest first (`limit` rows after the cursor). */
export async function listCustomers(
  db: Executor,
  scope: CustomerScope,
  filter: { q?: string; cursor?: Cursor },
  limit: number,
) {
  if (scope.storeIds.length === 0) return [];
  const { cursor } = filter;
  return db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, scope.tenantId),
        scope.everyone ? undefined : orderedIn(scope),
        filter.q ? searchOf(filter.q) : undefined,
        cursor
          ? sql`(${customers.createdAt}, ${customers.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(limit);
}

export async function findCustomer(db: Executor, scope: CustomerScope, id: string) {
  if (scope.storeIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, scope.tenantId),
        eq(customers.id, id),
        scope.everyone ? undefined : orderedIn(scope),
      ),
    );
  return row;
}

/**
 * Orders, money spent and the last order, per customer, in the stores. An order counts in the
 * orders and the money spent once the shop has its money (walk 2, finding 29): its card was
 * charged while the shop had it (accepted to completed), or it was completed (cash handed over);
 * less what was refunded. Not an order rejected, cancelled or still waiting for its cash.
 */
export async function statsOf(db: Executor, scope: CustomerScope, customerIds: string[]) {
  if (customerIds.length === 0 || scope.storeIds.length === 0) return [];
  const sold = sql`${orders.status} in (${sql.join(
    SOLD_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const paid = sql`(${orders.status} = 'completed' or (${sold} and ${payments.method} = 'card' and ${payments.status} in ('succeeded', 'capture_pending')))`;
  return db
    .select({
      customerId: orders.customerId,
      orders: sql<number>`count(*) filter (where ${paid})::int`,
      spent: sql<number>`coalesce(sum(case when ${paid} then ${orders.total} - ${payments.refunded} else 0 end), 0)::int`,
      last: max(orders.createdAt),
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, scope.tenantId),
        inArray(orders.storeId, scope.storeIds),
        inArray(orders.customerId, customerIds),
      ),
    )
    .groupBy(orders.customerId);
}

/** A customer's orders in the stores, newest first. */
export async function ordersOfCustomer(db: Executor, scope: CustomerScope, customerId: string) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      store: orders.storeName,
      total: orders.total,
      refunded: payments.refunded,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, scope.tenantId),
        inArray(orders.storeId, scope.storeIds),
        eq(orders.customerId, customerId),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
}

import { offDeskAt } from '../orders/orders.repository.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RejectReason } from '@servery/contract/desk-moves';
import type { OrderStatus } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { rowFromDriver, runPrepared, type Statement } from '../../db/row-insert.ts';
import {
  customers,
  orders,
  payments,
  refunds,
  staffMembers,
  staffSessions,
} from '../../db/schema.ts';
import { LIVE_STAFF_SESSION, liveSessionColumns } from '../staff/staff.repository.ts';

/** An order as staff see it (the desk, the order history): with its payment and customer. */
const staffOrderColumns = {
  order: orders,
  payment: {
    method: payments.method,
    provider: payments.provider,
    status: payments.status,
    amount: payments.amount,
    refunded: payments.refunded,
  },
  customer: {
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phone: customers.phone,
  },
};
export type DeskRow = Awaited<ReturnType<typeof findDeskOrder>> & object;

/** Orders as staff see them, joined to their payment and customer; the caller adds its WHERE. */
export function selectStaffOrders(db: Executor) {
  return db
    .select(staffOrderColumns)
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .innerJoin(customers, eq(customers.id, orders.customerId));
}

/** Read at every desk move and order detail: prepared once per database (decision 51). */
const deskOrder = preparedPerDatabase((db) =>
  selectStaffOrders(db)
    .where(
      and(
        eq(orders.tenantId, sql.placeholder('tenantId')),
        sql`${orders.storeId} = any(${sql.placeholder('storeIds')}::uuid[])`,
        eq(orders.id, sql.placeholder('id')),
      ),
    )
    .prepare('desk_order'),
);

/**
 * One order of the given stores, or undefined (another shop's or store's is not found): the
 * desk's and the order history's one query for an order (the history adds its timeline).
 */
export async function findDeskOrder(
  db: Executor,
  tenantId: string,
  storeIds: string[],
  id: string,
) {
  if (storeIds.length === 0) return undefined;
  const [row] = await deskOrder(db).execute({ tenantId, storeIds, id });
  return row;
}

/**
 * A live staff session (staff.repository.ts `liveSessionColumns`) with one order of its shop, in
 * one round trip (decision 55): a desk move reads both. The order is any store's of the shop:
 * the caller keeps it only if it is in one of the person's stores, which the session gives.
 */
const sessionWithDeskOrder = preparedPerDatabase((db) =>
  db
    .select({ ...liveSessionColumns, ...staffOrderColumns })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .leftJoin(
      orders,
      and(eq(orders.tenantId, staffSessions.tenantId), eq(orders.id, sql.placeholder('orderId'))),
    )
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(LIVE_STAFF_SESSION)
    .prepare('staff_session_with_desk_order'),
);

/**
 * The live session behind a token hash with the shop's order `orderId` (a UUID) beside it: a
 * `SessionReadWith` (staff-sign-in.service.ts) for the desk's move. The row's `storeId` is the
 * order's, which the session's reader holds to the person's stores.
 */
export async function findLiveSessionWithDeskOrder(
  db: Executor,
  key: { tenantId: string; tokenHash: string; at: Date },
  orderId: string,
) {
  const [found] = await sessionWithDeskOrder(db).execute({ ...key, orderId });
  if (!found) return undefined;
  const { order, payment, customer, ...session } = found;
  const row: DeskRow | null = order && payment && customer ? { order, payment, customer } : null;
  return { session, row: row && { ...row, storeId: row.order.storeId } };
}

interface DeskWhere {
  tenantId: string;
  storeIds: string[];
  id: string;
  from: readonly OrderStatus[];
}

/**
 * Moves an order only if it is still in one of `from` (architecture.md: the transition table in SQL).
 * No row back means another move won the race, or the move was never allowed: nothing changed.
 */
export async function moveDeskOrder(
  ex: Executor,
  where: DeskWhere,
  change: Parameters<typeof deskMove>[1],
) {
  const [row] = await runPrepared(ex, deskMove(where, change));
  return row && rowFromDriver(orders, row);
}

/**
 * The move's conditional update `returning *`, not yet run (desk.service runs it with its rows
 * and live event). Plain SQL of one text for every move, the stores and statuses as arrays, so
 * that it is prepared once per connection (decision 53); `promised_at` changes only when given.
 */
const MOVE = `update orders set status = $1, status_history = status_history || $2::jsonb,
    promised_at = coalesce($3::timestamptz, promised_at), updated_at = $4, off_desk_at = $9
  where tenant_id = $5 and store_id = any($6::uuid[]) and id = $7 and status = any($8::text[])
  returning *`;

export function deskMove(
  where: DeskWhere,
  change: {
    to: OrderStatus;
    at: Date;
    by: string;
    /** A rejection's preset reason (contract REJECT_REASONS). */
    reason?: RejectReason;
    /** The staff's own words, which the customer reads. */
    note?: string;
    promisedAt?: Date;
  },
): Statement {
  const entry = JSON.stringify([
    {
      status: change.to,
      at: change.at.toISOString(),
      by: change.by,
      ...(change.reason ? { reason: change.reason } : {}),
      ...(change.note ? { note: change.note } : {}),
    },
  ]);
  return {
    sql: MOVE,
    params: [
      change.to,
      entry,
      change.promisedAt?.toISOString() ?? null,
      change.at.toISOString(),
      ...whereParams(where),
      offDeskAt(change.to, change.at)?.toISOString() ?? null,
    ],
  };
}

const whereParams = (where: DeskWhere) => [
  where.tenantId,
  where.storeIds,
  where.id,
  [...where.from],
];

/**
 * The undo of an order's last move, not yet run (desk-undo.ts runs it with its rows and live
 * event): the order goes back to `to` and the move's entry leaves its history, only if the order
 * is still where that move put it (`from`, the entry made `at` still the last), and, when taking
 * back a completion, nothing was refunded since (a refund is of a completed order).
 */
const UNDO = `update orders set status = $1, status_history = status_history - (-1), updated_at = $2,
    off_desk_at = $8
  where tenant_id = $3 and store_id = any($4::uuid[]) and id = $5 and status = $6
    and status_history -> -1 ->> 'status' = $6 and status_history -> -1 ->> 'at' = $7
    and not exists (select 1 from refunds where refunds.order_id = orders.id)
  returning *`;

export function deskUndo(
  where: Omit<DeskWhere, 'from'>,
  move: { from: OrderStatus; at: string; to: OrderStatus; undoneAt: Date },
): Statement {
  return {
    sql: UNDO,
    params: [
      move.to,
      move.undoneAt.toISOString(),
      where.tenantId,
      where.storeIds,
      where.id,
      move.from,
      move.at,
      offDeskAt(move.to, move.undoneAt)?.toISOString() ?? null,
    ],
  };
}

/** Whether anything was refunded of an order (a completed order refunded stays completed). */
export async function orderHasRefunds(db: Executor, tenantId: string, orderId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.orderId, orderId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Locks an order's row for the rest of the caller's transaction: a card order's move locks it
 * before marking its payment, so that it takes the order's row and then the payment's, in the
 * order the auto-reject sweeper takes them (two transactions taking them the other way round
 * could each wait for the other).
 */
export async function lockDeskOrder(tx: Executor, where: Omit<DeskWhere, 'from'>) {
  await runPrepared(tx, {
    sql: 'select id from orders where tenant_id = $1 and store_id = any($2::uuid[]) and id = $3 for update',
    params: [where.tenantId, where.storeIds, where.id],
  });
}

/** The update that moves the promised time of an order still in one of `from` (a delay), not yet run. */
const DELAY = `update orders set promised_at = $1, updated_at = $2
  where tenant_id = $3 and store_id = any($4::uuid[]) and id = $5 and status = any($6::text[])
  returning *`;

export function deskDelay(where: DeskWhere, promisedAt: Date, at: Date): Statement {
  return {
    sql: DELAY,
    params: [promisedAt.toISOString(), at.toISOString(), ...whereParams(where)],
  };
}

/**
 * Counts one print of an order's kitchen ticket (of the given stores) and answers the count
 * after it, or undefined. One statement, so two devices printing at once get 1 and 2. It leaves
 * `updated_at` alone: the auto-reject sweeper reads it as "when the order last moved".
 */
export async function countDeskPrint(
  tx: Executor,
  where: { tenantId: string; storeIds: string[]; id: string; unlessPrinted?: boolean },
) {
  if (where.storeIds.length === 0) return undefined;
  const [row] = await tx
    .update(orders)
    .set({ printCount: sql`${orders.printCount} + 1` })
    .where(
      and(
        eq(orders.tenantId, where.tenantId),
        inArray(orders.storeId, where.storeIds),
        eq(orders.id, where.id),
        // Auto-print's claim: only the first print counts (issue 28).
        where.unlessPrinted ? eq(orders.printCount, 0) : undefined,
      ),
    )
    .returning({ printCount: orders.printCount });
  return row?.printCount;
}

/** A member of staff's name by their e-mail (removed people too: the history keeps their moves). */
export async function staffNameByEmail(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select({ name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.email, email)));
  return row?.name;
}

import { onDeskOnly } from '../orders/orders.repository.ts';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderType } from '@servery/contract/menu';
import type { OrderStatus, PaymentMethod } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import {
  auditLog,
  customers,
  orders,
  outboxMessages,
  payments,
  staffMembers,
} from '../../db/schema.ts';
import { selectStaffOrders, type DeskRow } from '../desk/desk.repository.ts';
import { containing, type Cursor } from './history-cursor.ts';

/** The history's rows are the desk's (one query for an order: desk.repository.ts). */
export type HistoryRow = DeskRow;

export interface HistoryFilter {
  statuses?: readonly OrderStatus[];
  /** Just these orders (the desk's refresh on live events). */
  ids?: readonly string[];
  /** By when the order was placed. */
  placedFrom?: Date;
  placedTo?: Date;
  /** By when the order is wanted (the desk's day). */
  wantedFrom?: Date;
  wantedTo?: Date;
  q?: string;
  type?: OrderType;
  payment?: PaymentMethod;
  cursor?: Cursor;
}

/** Past this many matching orders a search walks the history newest first (searchOf). */
export const HISTORY_SEARCH = { manyMatches: 1000 };

/**
 * Number, customer name, e-mail or phone, or the delivery postcode, anywhere in them (trigram
 * indexes, decision 44). Few matches: the ids of each way in, each on its own index, then
 * sorted. Many (a first name): the history newest first, each order tested, as its first page
 * is near the start; an OR across tables read the whole history when the matches were few.
 */
async function searchOf(db: Executor, tenantId: string, q: string): Promise<SQL> {
  const text = containing(q);
  // A UK number is searched without its leading 0 or +44, as the digits in between match.
  const digits = q.replace(/\D/g, '').replace(/^(?:44|0)/, '');
  const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
  const postcode = containing(q.replace(/\s/g, '').toUpperCase());
  const matchingCustomers = sql`select ${customers.id} from ${customers} where ${customers.tenantId} = ${tenantId} and (
    (${customers.firstName} || ' ' || ${customers.lastName}) ilike ${text}
    or ${customers.email} ilike ${text}
    ${digits.length >= 4 ? sql`or regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${containing(digits)}` : sql``})`;
  const postcodeOf = (o: SQL) => sql`upper(replace((${o}.address ->> 'postcode'), ' ', ''))`;
  const ids = sql`select s.id from ${orders} s where s.tenant_id = ${tenantId} and s.customer_id in (${matchingCustomers})
    union all
    select s.id from ${orders} s where s.tenant_id = ${tenantId} and ${postcodeOf(sql`s`)} like ${postcode}
    ${number !== undefined ? sql`union all select s.id from ${orders} s where s.tenant_id = ${tenantId} and s.number = ${number}` : sql``}`;
  const counted = (await db.execute(
    sql`select count(*) as n from (select id from (${ids}) w limit ${HISTORY_SEARCH.manyMatches}) m`,
  )) as unknown as { rows: { n: number | string }[] };
  if (Number(counted.rows[0]!.n) < HISTORY_SEARCH.manyMatches) return sql`${orders.id} in (${ids})`;
  return or(
    number !== undefined ? eq(orders.number, number) : undefined,
    sql`${orders.customerId} in (${matchingCustomers})`,
    sql`${postcodeOf(sql`${orders}`)} like ${postcode}`,
  )!;
}

/** A page of the given stores' orders, newest first (`limit` rows from after the cursor). */
export async function listHistory(
  db: Executor,
  tenantId: string,
  storeIds: string[],
  filter: HistoryFilter,
  limit: number,
) {
  if (storeIds.length === 0) return [];
  const { cursor } = filter;
  const search = filter.q ? await searchOf(db, tenantId, filter.q) : undefined;
  return selectStaffOrders(db)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        inArray(orders.storeId, storeIds),
        filter.statuses ? inArray(orders.status, [...filter.statuses]) : undefined,
        // The desk's list (open statuses only) reads the orders on the desk, not the history.
        filter.statuses && onDeskOnly(filter.statuses) ? isNull(orders.offDeskAt) : undefined,
        filter.ids ? inArray(orders.id, [...filter.ids]) : undefined,
        filter.placedFrom ? gte(orders.createdAt, filter.placedFrom) : undefined,
        filter.placedTo ? lt(orders.createdAt, filter.placedTo) : undefined,
        filter.wantedFrom ? gte(orders.scheduledFor, filter.wantedFrom) : undefined,
        filter.wantedTo ? lt(orders.scheduledFor, filter.wantedTo) : undefined,
        filter.type ? eq(orders.orderType, filter.type) : undefined,
        filter.payment ? eq(payments.method, filter.payment) : undefined,
        search,
        cursor
          ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** What staff did to an order (prints, refunds, delays), from the audit trail, oldest first. */
export async function auditOfOrder(db: Executor, tenantId: string, orderId: string) {
  return db
    .select({ at: auditLog.createdAt, action: auditLog.action, by: auditLog.actorEmail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        eq(auditLog.entity, 'order'),
        eq(auditLog.entityId, orderId),
      ),
    )
    .orderBy(auditLog.id);
}

/** The messages the customer was sent about an order. */
export async function messagesOfOrder(db: Executor, tenantId: string, orderId: string) {
  return db
    .select({
      at: outboxMessages.createdAt,
      channel: outboxMessages.channel,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      status: outboxMessages.status,
      sentAt: outboxMessages.sentAt,
      lastError: outboxMessages.lastError,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.orderId, orderId)))
    .orderBy(outboxMessages.createdAt);
}

/**
 * The names of the shop's staff who signed in with these e-mails (lower case), for an order's
 * timeline and refunds to say "Demo Owner", not an e-mail (walk 2, finding 24).
 */
export async function staffNamesByEmail(db: Executor, tenantId: string, emails: string[]) {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ email: staffMembers.email, name: staffMembers.name })
    .from(staffMembers)
    .where(and(eq(staffMembers.tenantId, tenantId), inArray(staffMembers.email, wanted)));
  return new Map(rows.filter((r) => r.name).map((r) => [r.email.toLowerCase(), r.name]));
}

import { OPEN_ORDER_STATUSES } from '@servery/contract/desk';
import { HISTORY_PAGE_SIZE, type OrderHistoryQuery } from '@servery/contract/back-office';
import { addDays } from '@servery/contract/clock';
import { ORDER_STATUSES } from '@servery/contract/order';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { tradingDayStartOf } from '../../lib/trading-day.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { findDeskOrder } from '../desk/desk.repository.ts';
import { rideMinutesOf, toDeskOrder, type Rides } from '../desk/desk.service.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { paidOf, refundedLinesOf, toRefund } from '../refunds/refund-rules.ts';
import { refundsOfOrder } from '../refunds/refunds.repository.ts';
import { vatInvoiceOf, vatSupplierOf } from '../orders/vat-invoice.ts';
import { decodeCursor, pageOf } from './history-cursor.ts';
import {
  auditOfOrder,
  listHistory,
  messagesOfOrder,
  staffNamesByEmail,
  type HistoryFilter,
  type HistoryRow,
} from './order-history.repository.ts';

/**
 * The start of a day of the Orders page: the reports' trading day (decision 80), from 4:00 AM
 * on the shop's clock, so the orders of "Friday" are the ones Friday's Z report counts, the
 * 12:30 AM ones included.
 */
const dayStart = tradingDayStartOf;
const dayEnd = (date: string, timeZone: string) => dayStart(addDays(date, 1), timeZone);

/** Status moves are in the order's own history; the audit adds what else staff did. */
const MOVES = new Set(ORDER_STATUSES.map((s) => `order.${s}`));

export const toHistoryOrder = (row: HistoryRow, rides: Rides) => ({
  ...toDeskOrder(row, rides),
  refunded: row.payment.refunded,
});

/** The stores asked for among the caller's: another's store is not found. */
export function storesOf(staff: StaffIdentity, storeId: string | undefined) {
  if (!storeId) return staff.storeIds;
  if (!staff.storeIds.includes(storeId)) throw notFound('There is no such store of yours.');
  return [storeId];
}

export function createOrderHistoryService(
  db: Database,
  /** The shop's cached document: a delivery's ride is its stores' (rideMinutesOf). */
  tenantOf: (tenantId: string) => Promise<Tenant>,
) {
  const ridesOf = async (staff: StaffIdentity) =>
    rideMinutesOf((await tenantOf(staff.tenantId)).stores);

  /**
   * The desk's list and the order history in one (issue 29 point 3, issue 27 point 7): newest
   * first, a page at a time. Without a status or a search it is the desk's open orders, so a
   * board that pages to the end has every open order, the newest first. With `ids`, those
   * orders of the person's stores in any status: a board's refresh on live events (decision 59).
   */
  async function list(staff: StaffIdentity, timeZone: string, query: OrderHistoryQuery) {
    const searching = Boolean(query.q || query.from || query.to || query.type || query.payment);
    const filter: HistoryFilter = {
      statuses: query.status ?? (searching || query.ids ? undefined : OPEN_ORDER_STATUSES),
      ...(query.ids ? { ids: query.ids } : {}),
      ...(query.from ? { placedFrom: dayStart(query.from, timeZone) } : {}),
      ...(query.to ? { placedTo: dayEnd(query.to, timeZone) } : {}),
      ...(query.date
        ? { wantedFrom: dayStart(query.date, timeZone), wantedTo: dayEnd(query.date, timeZone) }
        : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.payment ? { payment: query.payment } : {}),
      cursor: decodeCursor(query.cursor),
    };
    const size = query.limit ?? HISTORY_PAGE_SIZE;
    const [rows, rides] = await Promise.all([
      listHistory(db, staff.tenantId, storesOf(staff, query.store_id), filter, size + 1),
      ridesOf(staff),
    ]);
    const { page, next } = pageOf(rows, size, (row) => ({
      at: row.order.createdAt,
      id: row.order.id,
    }));
    return { orders: page.map((row) => toHistoryOrder(row, rides)), next_cursor: next };
  }

  /** An order with its timeline, the messages sent, its payment and its refunds. */
  async function detail(staff: StaffIdentity, id: string) {
    const row = await findDeskOrder(db, staff.tenantId, staff.storeIds, id);
    if (!row) throw notFound('There is no such order in your stores.');
    const [audit, messages, refunds, tenant] = await Promise.all([
      auditOfOrder(db, staff.tenantId, id),
      messagesOfOrder(db, staff.tenantId, id),
      refundsOfOrder(db, staff.tenantId, id),
      tenantOf(staff.tenantId),
    ]);
    const rides = rideMinutesOf(tenant.stores);
    const people = await staffNamesByEmail(db, staff.tenantId, [
      ...row.order.statusHistory.flatMap((entry) => (entry.by ? [entry.by] : [])),
      ...audit.map((entry) => entry.by),
      ...refunds.map((r) => r.createdBy),
    ]);
    // Staff by their names where the shop has them; anything else (Stripe, the system) as it is.
    const named = <T extends string | null>(by: T) => (by && people.get(by.toLowerCase())) || by;
    const timeline = [
      ...row.order.statusHistory.map((entry) => ({
        at: entry.at,
        what: entry.note ? `${entry.status}: ${entry.note}` : entry.status,
        by: named(entry.by ?? null),
      })),
      ...audit
        .filter((entry) => !MOVES.has(entry.action))
        .map((entry) => ({
          at: entry.at.toISOString(),
          what: entry.action,
          by: named(entry.by),
        })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const { payment } = row;
    return {
      ...toHistoryOrder(row, rides),
      timeline,
      messages: messages.map(({ sentAt, lastError, ...m }) => ({
        ...m,
        at: m.at.toISOString(),
        sent_at: sentAt?.toISOString() ?? null,
        // Why it was dropped (decision 82); a provider's error for a failed one stays in the log.
        dropped_because: m.status === 'dropped' ? lastError : null,
      })),
      payments: [payment],
      refunds: refunds.map((r) => ({
        ...toRefund(r, row.order.lines),
        created_by: named(r.createdBy),
      })),
      refundable: Math.max(paidOf(row.order, payment) - payment.refunded, 0),
      refunded_lines: refundedLinesOf(refunds),
      // The customer's VAT invoice as they read it, with the refunds given on it.
      vat_invoice: vatInvoiceOf(
        row.order,
        vatSupplierOf(tenant.row),
        refunds.filter((r) => r.status !== 'failed'),
      ),
    };
  }

  return { list, detail };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;

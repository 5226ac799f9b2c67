import {
  ORDER_TRANSITIONS,
  canMove,
  movableFrom,
  type DeskOrder,
  type OrderStatusChange,
} from '@servery/contract/desk';
import { isPaymentSecured, type OrderStatus } from '@servery/contract/order';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { moveRefused } from './desk-conflict.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { auditRow, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { messageRow } from '../outbox/outbox.repository.ts';
import { orderNewsMessage, type OrderNews } from './desk-messages.ts';
import { orderPageUrl, type MessageLinks } from '../orders/order-message.ts';
import {
  markCaptureDue,
  markMoneyBackDue,
  settlePayment,
  SETTLED_METHOD,
  type SettlementDeps,
} from './settlement.ts';
import { delayDeskOrder, findDeskOrder, moveDeskOrder, type DeskRow } from './desk.repository.ts';

export interface DeskDeps extends SettlementDeps {
  db: Database;
  now: () => Date;
  onMessageQueued: () => void;
  /** Links in the customer's messages point at the shop's canonical host. */
  links: MessageLinks;
}

export interface DeskShop {
  tenantId: string;
  name: string;
  timeZone: string;
  /** The shop's configured hosts: the customer's messages link to the order there. */
  hosts: Parameters<typeof orderPageUrl>[0];
}

const MINUTE = 60_000;

const orderNotFound = () => notFound('There is no such order in your stores.');

export function toDeskOrder(row: DeskRow): DeskOrder {
  const { order, payment, customer } = row;
  const cash = payment.method === 'cash';
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    store: { id: order.storeId, name: order.storeName },
    order_type: order.orderType,
    asap: order.asap,
    scheduled_for: order.scheduledFor.toISOString(),
    promised_at: order.promisedAt?.toISOString() ?? null,
    lines: order.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      modifier_names: l.modifier_names,
      note: l.note,
      line_total: l.line_total,
      allergens: l.allergens ?? null,
    })),
    notes: order.notes,
    subtotal: order.subtotal,
    delivery_fee: order.deliveryFee,
    discount: order.discount,
    total: order.total,
    currency: order.currency,
    customer: {
      name: `${customer.firstName} ${customer.lastName}`.trim() || 'Customer',
      phone: customer.phone,
      email: customer.email,
    },
    address: order.address,
    payment: {
      method: payment.method,
      status: payment.status,
      paid: isPaymentSecured(payment.status),
      to_collect: cash ? order.total : 0,
    },
    status_history: order.statusHistory,
    created_at: order.createdAt.toISOString(),
    print_count: order.printCount,
    next: [...ORDER_TRANSITIONS[order.status]].filter((to) =>
      canMove(order.status, to, order.orderType),
    ),
  };
}

const NEWS: Partial<Record<OrderStatus, OrderNews>> = {
  accepted: 'accepted',
  rejected: 'rejected',
  ready: 'ready',
  out_for_delivery: 'out_for_delivery',
  cancelled: 'cancelled',
};

export function createDeskService(deps: DeskDeps) {
  const { db, now, onMessageQueued, links } = deps;
  async function detail(staff: StaffIdentity, id: string): Promise<DeskOrder> {
    const row = await findDeskOrder(db, staff.tenantId, staff.storeIds, id);
    if (!row) throw orderNotFound();
    return toDeskOrder(row);
  }

  /**
   * One move of the desk: the conditional update, its history entry, the audit row, the live
   * event and the customer's message, in one transaction. A move the table does not allow, or
   * that another member of staff made first, is a 409 and changes nothing.
   */
  async function change(
    staff: StaffIdentity,
    actor: AuditActor,
    shop: DeskShop,
    id: string,
    body: OrderStatusChange,
  ): Promise<DeskOrder> {
    const at = now();
    const current = await findDeskOrder(db, staff.tenantId, staff.storeIds, id);
    if (!current) throw orderNotFound();
    const { order } = current;
    const where = { tenantId: staff.tenantId, storeIds: staff.storeIds, id };
    const outcome = await db.transaction(async (tx) => {
      let moved;
      let news: OrderNews | undefined;
      if (body.status === 'delay') {
        const from = ['accepted', 'preparing'] as const;
        const base = order.promisedAt && order.promisedAt > at ? order.promisedAt : at;
        moved = await delayDeskOrder(
          tx,
          { ...where, from },
          new Date(base.getTime() + body.minutes! * MINUTE),
          at,
        );
        news = 'delayed';
      } else {
        const to = body.status;
        const promisedAt =
          to === 'accepted'
            ? new Date(
                Math.max(order.scheduledFor.getTime(), at.getTime() + body.minutes! * MINUTE),
              )
            : undefined;
        moved = await moveDeskOrder(
          tx,
          { ...where, from: movableFrom(to, order.orderType) },
          {
            to,
            at,
            by: staff.email,
            ...(to === 'rejected' && body.reason ? { reason: body.reason } : {}),
            ...(body.note ? { note: body.note } : {}),
            ...(promisedAt ? { promisedAt } : {}),
          },
        );
        news = NEWS[to];
      }
      if (!moved) return null;
      // The money follows the decision: marked here, done by the provider after the commit.
      // Cash has nothing to mark (decision 47): no round trip for an update that matches no row.
      const paymentOf = { tenantId: staff.tenantId, storeId: order.storeId, orderId: id };
      const payment =
        current.payment.method !== SETTLED_METHOD
          ? null
          : moved.status === 'accepted'
            ? (await markCaptureDue(tx, paymentOf)) && 'capture_pending'
            : moved.status === 'rejected' || moved.status === 'cancelled'
              ? await markMoneyBackDue(tx, paymentOf)
              : null;
      const audit = auditRow(tx, actor, {
        action: body.status === 'delay' ? 'order.delayed' : `order.${body.status}`,
        entity: 'order',
        entityId: id,
        before: { status: order.status, promised_at: order.promisedAt },
        after: {
          status: moved.status,
          promised_at: moved.promisedAt,
          ...(body.reason ? { reason: body.reason } : {}),
          ...(body.note ? { note: body.note } : {}),
          ...(payment ? { payment } : {}),
        },
      });
      const message =
        news &&
        orderNewsMessage({
          news,
          tenantId: staff.tenantId,
          shopName: shop.name,
          timeZone: shop.timeZone,
          number: order.number,
          orderType: order.orderType,
          storeName: order.storeName,
          promisedAt: moved.promisedAt,
          ...(body.reason ? { reason: body.reason } : {}),
          ...(body.note ? { note: body.note } : {}),
          email: current.customer.email,
          phone: current.customer.phone,
          orderUrl: orderPageUrl(shop.hosts, links, id),
        });
      // The audit row and the customer's message go with the boards' event: one round trip.
      await recordLiveEvent(
        tx,
        { tenantId: staff.tenantId, storeId: order.storeId, kind: 'order.status', entityId: id },
        message ? [audit, messageRow(tx, { ...message, orderId: id })] : [audit],
      );
      return { row: { ...current, order: moved }, settle: Boolean(payment) };
    });
    if (!outcome) {
      throw await moveRefused(db, staff, { ...order, moves: order.statusHistory.length }, body);
    }
    onMessageQueued();
    // After the move committed: charge, release or refund (the sweeper retries a failure).
    if (outcome.settle) {
      await settlePayment(deps, staff.tenantId, id);
      return detail(staff, id);
    }
    return toDeskOrder(outcome.row);
  }

  return { detail, change };
}
export type DeskService = ReturnType<typeof createDeskService>;

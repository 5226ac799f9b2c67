import {
  ORDER_TRANSITIONS,
  canMove,
  movableFrom,
  type DeskOrder,
  type OrderStatusChange,
} from '@servery/contract/desk';
import { isPaymentSecured, type OrderStatus, type PaymentStatus } from '@servery/contract/order';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { rowFromDriver } from '../../db/row-insert.ts';
import { orders } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { moveRefused } from './desk-conflict.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { auditRow, type AuditActor } from '../audit/audit.repository.ts';
import { changeWithLiveEvent } from '../live-events/live-events.repository.ts';
import { heldFor, messageRow } from '../outbox/outbox.repository.ts';
import {
  HELD_NEWS,
  MOVE_NEWS_HOLD_SECONDS,
  orderNewsMessage,
  type OrderNews,
} from './desk-messages.ts';
import { orderPageUrl, type MessageLinks } from '../orders/order-message.ts';
import { timedFor } from '../stores/delivery-check.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import {
  markCaptureDue,
  markMoneyBackDue,
  settlePayment,
  SETTLED_METHOD,
  type SettlementDeps,
} from './settlement.ts';
import {
  deskDelay,
  deskMove,
  findDeskOrder,
  lockDeskOrder,
  type DeskRow,
} from './desk.repository.ts';

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
  rideMinutes: Rides;
}

/** A delivery's minutes on the road from a store to a postcode (its zone's, decision 41). */
export type Rides = (storeId: string, postcode: string | null) => number;

/** A shop's rides, from its stores as the tenant cache holds them. */
export function rideMinutesOf(stores: Tenant['stores']): Rides {
  return (storeId, postcode) => {
    const store = stores.find((s) => s.id === storeId);
    return store ? timedFor(store, postcode).deliveryMinutes : 0;
  };
}

const MINUTE = 60_000;

const orderNotFound = () => notFound('There is no such order in your stores.');

/** A delivery's ride by its zone now; null for a collection. */
const rideOf = (order: DeskRow['order'], rides: Rides) =>
  order.orderType === 'delivery' ? rides(order.storeId, order.address?.postcode ?? null) : null;

/** An order as staff see it; `rides` gives a delivery's minutes on the road (its zone's). */
export function toDeskOrder(row: DeskRow, rides: Rides): DeskOrder {
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
    ride_minutes: rideOf(order, rides),
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
  async function detail(staff: StaffIdentity, rides: Rides, id: string): Promise<DeskOrder> {
    const row = await findDeskOrder(db, staff.tenantId, staff.storeIds, id);
    if (!row) throw orderNotFound();
    return toDeskOrder(row, rides);
  }

  /**
   * One move of the desk: the conditional update, its history entry, the audit row, the live
   * event and the customer's message, in one statement (decision 53). A card order's payment
   * is marked first, in a transaction with the move: the money follows the decision. A move the
   * table does not allow, or that another member of staff made first, is a 409 and changes
   * nothing.
   */
  async function change(
    staff: StaffIdentity,
    actor: AuditActor,
    shop: DeskShop,
    id: string,
    body: OrderStatusChange,
    /** The order as read with the staff session (null: none of theirs); undefined: read here. */
    read?: DeskRow | null,
  ): Promise<DeskOrder> {
    const at = now();
    const current =
      read === undefined ? await findDeskOrder(db, staff.tenantId, staff.storeIds, id) : read;
    if (!current) throw orderNotFound();
    const { order } = current;
    const where = { tenantId: staff.tenantId, storeIds: staff.storeIds, id };
    const delay = body.status === 'delay';
    const to: OrderStatus = body.status === 'delay' ? order.status : body.status;
    // Accepting promises the later of the time asked for and the kitchen's minutes until ready,
    // plus a delivery's ride: the customer reads "with you around" it.
    const ride = rideOf(order, shop.rideMinutes) ?? 0;
    const promisedAt = delay
      ? new Date(Math.max(order.promisedAt?.getTime() ?? 0, at.getTime()) + body.minutes! * MINUTE)
      : to === 'accepted'
        ? new Date(
            Math.max(order.scheduledFor.getTime(), at.getTime() + (body.minutes! + ride) * MINUTE),
          )
        : order.promisedAt;
    const news: OrderNews | undefined = delay ? 'delayed' : NEWS[to];

    const move = async (ex: Executor, payment: PaymentStatus | null) => {
      const update = delay
        ? deskDelay({ ...where, from: ['accepted', 'preparing'] }, promisedAt!, at)
        : deskMove(
            { ...where, from: movableFrom(to, order.orderType) },
            {
              to,
              at,
              by: staff.email,
              ...(to === 'rejected' && body.reason ? { reason: body.reason } : {}),
              ...(body.note ? { note: body.note } : {}),
              ...(to === 'accepted' ? { promisedAt: promisedAt! } : {}),
            },
          );
      const audit = auditRow(actor, {
        action: delay ? 'order.delayed' : `order.${to}`,
        entity: 'order',
        entityId: id,
        before: { status: order.status, promised_at: order.promisedAt },
        after: {
          status: to,
          promised_at: promisedAt,
          ...(body.reason ? { reason: body.reason } : {}),
          ...(body.note ? { note: body.note } : {}),
          ...(payment ? { payment } : {}),
        },
      });
      const message =
        news &&
        orderNewsMessage({
          news,
          at,
          tenantId: staff.tenantId,
          shopName: shop.name,
          timeZone: shop.timeZone,
          number: order.number,
          orderType: order.orderType,
          storeName: order.storeName,
          promisedAt,
          ...(body.reason ? { reason: body.reason } : {}),
          ...(body.note ? { note: body.note } : {}),
          email: current.customer.email,
          phone: current.customer.phone,
          orderUrl: orderPageUrl(shop.hosts, links, id),
        });
      // "Ready" and "on its way" wait until the move can no longer be undone (decision 65).
      const held = news && HELD_NEWS.includes(news);
      const queued =
        message &&
        messageRow(
          { ...message, orderId: id },
          held ? { nextAttemptAt: heldFor(MOVE_NEWS_HOLD_SECONDS) } : undefined,
        );
      const [moved] = await changeWithLiveEvent(
        ex,
        update,
        { tenantId: staff.tenantId, storeId: order.storeId, kind: 'order.status', entityId: id },
        queued ? [audit, queued] : [audit],
      );
      return moved ? rowFromDriver(orders, moved) : null;
    };

    // A card payment is marked with the move, in one transaction: due to be charged when the
    // order is accepted, to be released or refunded when it is rejected or cancelled. The order's
    // row is locked first (lockDeskOrder says why). Cash has nothing to mark (decision 47): the
    // move is one statement, atomic by itself.
    const paymentOf = { tenantId: staff.tenantId, storeId: order.storeId, orderId: id };
    const settles =
      current.payment.method === SETTLED_METHOD &&
      !delay &&
      (to === 'accepted' || to === 'rejected' || to === 'cancelled');
    const moved = settles
      ? await db
          .transaction(async (tx) => {
            await lockDeskOrder(tx, where);
            const payment =
              to === 'accepted'
                ? (await markCaptureDue(tx, paymentOf)) && 'capture_pending'
                : await markMoneyBackDue(tx, paymentOf);
            const row = await move(tx, payment || null);
            if (!row) tx.rollback();
            return { row, settle: Boolean(payment) };
          })
          .catch((error: unknown) => {
            if (error instanceof TransactionRollbackError) return null;
            throw error;
          })
      : await move(db, null).then((row) => row && { row, settle: false });
    const outcome = moved && { row: { ...current, order: moved.row! }, settle: moved.settle };
    if (!outcome) {
      throw await moveRefused(db, staff, { ...order, moves: order.statusHistory.length }, body);
    }
    onMessageQueued();
    // After the move committed: charge, release or refund (the sweeper retries a failure).
    if (outcome.settle) {
      await settlePayment(deps, staff.tenantId, id);
      return detail(staff, shop.rideMinutes, id);
    }
    return toDeskOrder(outcome.row, shop.rideMinutes);
  }

  return { detail, change };
}
export type DeskService = ReturnType<typeof createDeskService>;

import type { Refund } from '@servery/contract/back-office-shapes';
import type { RefundRequest } from '@servery/contract/back-office';
import { formatMoney } from '@servery/contract/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordPaymentEvent } from '../live-events/live-events.repository.ts';
import type { BackOfficeShop } from '../tenants/back-office-shop.ts';
import { orderPageUrl, type MessageLinks } from '../orders/order-message.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { valueOfRefundLines } from './refund-lines.ts';
import { paidOf, refundMessage, toRefund } from './refund-rules.ts';
import {
  insertRefund,
  orderForRefund,
  refundByKey,
  refundsOfOrder,
  releaseRefund,
  reserveRefund,
  settleRefund,
  type RefundRow,
} from './refunds.repository.ts';

export interface RefundDeps {
  db: Database;
  card: CardProvider | null;
  log: FastifyBaseLogger;
  links: MessageLinks;
  onMessageQueued: () => void;
}
type OrderRow = NonNullable<Awaited<ReturnType<typeof orderForRefund>>>;
interface RefundCall {
  staff: StaffIdentity;
  actor: AuditActor;
  shop: BackOfficeShop;
  orderId: string;
  body: RefundRequest;
  key: string | undefined;
}

const sameRefund = (row: RefundRow, call: RefundCall) =>
  row.orderId === call.orderId &&
  row.amount === call.body.amount &&
  row.reason === call.body.reason;

/**
 * Refunds (issue 29 point 4). The amount is reserved on the payment row by a conditional update
 * in the transaction that records the refund, its audit row and its live event, so the sum of
 * refunds never passes what was paid however many arrive at once. A card refund is sent to
 * Stripe after the commit with the refund's own id as its idempotency key; if Stripe refuses,
 * the reservation is given back and the refund is marked failed.
 */
export function createRefundService(deps: RefundDeps) {
  const { db } = deps;

  async function refund(call: RefundCall): Promise<{ refund: Refund; created: boolean }> {
    const { staff, orderId, key } = call;
    const known = key ? await refundByKey(db, staff.tenantId, key) : undefined;
    const found = await orderForRefund(db, staff.tenantId, staff.storeIds, orderId);
    if (!found) throw notFound('There is no such order in your stores.');
    if (known) return again(known, call, found);
    let row: RefundRow;
    try {
      row = await record(call, found);
    } catch (error) {
      // Two taps with one key at the same moment: the unique key let one in; answer it.
      const winner = key ? await refundByKey(db, staff.tenantId, key) : undefined;
      if (winner) return again(winner, call, found);
      throw error;
    }
    if (row.status === 'pending') row = await sendToStripe(row, call, found);
    return { refund: toRefund(row, found.order.lines), created: true };
  }

  function again(known: RefundRow, call: RefundCall, found: OrderRow) {
    if (!sameRefund(known, call)) {
      throw new AppError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was used for another refund.',
      );
    }
    return { refund: toRefund(known, found.order.lines), created: false };
  }

  async function record(call: RefundCall, found: OrderRow): Promise<RefundRow> {
    const { staff, body, shop } = call;
    const { order, payment } = found;
    const paid = paidOf(order, payment);
    if (paid === 0) {
      throw new AppError(
        409,
        'nothing_paid',
        `Nothing has been paid on order #${order.number}: there is nothing to refund.`,
      );
    }
    const method = payment.method === 'card' ? 'card' : 'cash';
    const row = await db.transaction(async (tx) => {
      const reserved = await reserveRefund(
        tx,
        { tenantId: staff.tenantId, orderId: order.id },
        body.amount,
      );
      if (!reserved) throw exceeds(paid - payment.refunded, shop.currencySign);
      if (body.lines?.length) {
        const earlier = (await refundsOfOrder(tx, staff.tenantId, order.id, true)).map(
          (r) => r.lines,
        );
        const worth = valueOfRefundLines(order.lines, body.lines, earlier);
        if (body.amount > worth) {
          throw new AppError(422, 'invalid_amount', 'The amount is more than those lines cost.', {
            amount: `Those lines come to ${formatMoney(worth, { sign: shop.currencySign })}`,
          });
        }
      }
      const inserted = await insertRefund(tx, {
        tenantId: staff.tenantId,
        orderId: order.id,
        storeId: order.storeId,
        amount: body.amount,
        reason: body.reason,
        lines: body.lines ?? [],
        method,
        // Cash is handed over at the till; the demo provider holds no money to send back.
        status: method === 'card' && payment.provider === 'stripe' ? 'pending' : 'succeeded',
        idempotencyKey: call.key ?? null,
        createdBy: staff.email,
      });
      await recordAudit(tx, call.actor, {
        action: 'order.refunded',
        entity: 'order',
        entityId: order.id,
        before: { refunded: payment.refunded },
        after: {
          refunded: reserved.refunded,
          refund_id: inserted.id,
          amount: body.amount,
          reason: body.reason,
          method,
        },
      });
      await recordPaymentEvent(tx, {
        tenantId: staff.tenantId,
        storeId: order.storeId,
        orderId: order.id,
      });
      if (inserted.status === 'succeeded') await tell(tx, call, found, inserted);
      return inserted;
    });
    if (row.status === 'succeeded') deps.onMessageQueued();
    return row;
  }

  async function tell(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    call: RefundCall,
    found: OrderRow,
    row: RefundRow,
  ) {
    const message = refundMessage({
      tenantId: call.staff.tenantId,
      orderId: found.order.id,
      shopName: call.shop.name,
      currencySign: call.shop.currencySign,
      number: found.order.number,
      amount: row.amount,
      method: row.method,
      email: found.customer.email,
      phone: found.customer.phone,
      orderUrl: orderPageUrl(call.shop.hosts, deps.links, found.order.id),
    });
    if (message) await enqueueMessage(tx, message);
  }

  async function sendToStripe(
    row: RefundRow,
    call: RefundCall,
    found: OrderRow,
  ): Promise<RefundRow> {
    const { payment } = found;
    const where = { tenantId: call.staff.tenantId, orderId: found.order.id };
    try {
      if (!deps.card || !payment.intentId) throw new Error('Stripe is not set up here');
      const sent = await deps.card.refundPayment(
        payment.intentId,
        payment.stripeAccount,
        row.amount,
        row.id,
      );
      const done = await db.transaction(async (tx) => {
        const settled = await settleRefund(tx, row.id, {
          status: 'succeeded',
          providerRefundId: sent.id,
        });
        if (settled) await tell(tx, call, found, settled);
        return settled ?? row;
      });
      deps.onMessageQueued();
      return done;
    } catch (error) {
      deps.log.error(
        { err: logSafeError(error), orderId: found.order.id },
        'refund: Stripe refused it',
      );
      await db.transaction(async (tx) => {
        const failed = await settleRefund(tx, row.id, {
          status: 'failed',
          failureMessage: (error as Error).message,
        });
        if (failed) await releaseRefund(tx, where, row.amount);
      });
      throw new AppError(
        502,
        'refund_failed',
        'Stripe did not make the refund; nothing was given back. Try again in a minute.',
      );
    }
  }

  return { refund };
}
export type RefundService = ReturnType<typeof createRefundService>;

function exceeds(left: number, sign: string) {
  return new AppError(
    409,
    'refund_exceeds',
    `That is more than is left to refund: at most ${formatMoney(Math.max(left, 0), { sign })}.`,
    { amount: `At most ${formatMoney(Math.max(left, 0), { sign })}` },
  );
}

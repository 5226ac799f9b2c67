import { formatMoney } from '@servery/contract/pricing';
import type { Refund } from '@servery/contract/back-office-shapes';
import type { OrderLine, OrderStatus, PaymentStatus } from '@servery/contract/order';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import type { RefundRow } from './refunds.repository.ts';

/**
 * What was paid and may be given back: a card once it is charged (a hold is lifted by rejecting
 * or cancelling the order instead), cash once the order is completed (the money was taken).
 */
export function paidOf(
  order: { status: OrderStatus },
  payment: { method: string; status: PaymentStatus; amount: number },
): number {
  if (payment.method === 'card') return payment.status === 'succeeded' ? payment.amount : 0;
  return order.status === 'completed' ? payment.amount : 0;
}

type RefundedLine = { index: number; quantity: number };

/**
 * How many of each line earlier refunds gave back (a failed refund gave nothing back), by the
 * line's index: what a line may still be refunded is what was ordered less this.
 */
export function refundedCounts(earlier: readonly (readonly RefundedLine[])[]): Map<number, number> {
  const given = new Map<number, number>();
  for (const refund of earlier) {
    for (const line of refund) given.set(line.index, (given.get(line.index) ?? 0) + line.quantity);
  }
  return given;
}
/** The order's lines refunded so far, for the back office's order detail: in the lines' order. */
export function refundedLinesOf(rows: readonly Pick<RefundRow, 'lines' | 'status'>[]) {
  const given = refundedCounts(rows.filter((r) => r.status !== 'failed').map((r) => r.lines));
  return [...given].sort(([a], [b]) => a - b).map(([index, quantity]) => ({ index, quantity }));
}

export function toRefund(row: RefundRow, lines: readonly OrderLine[]): Refund {
  return {
    id: row.id,
    order_id: row.orderId,
    amount: row.amount,
    reason: row.reason,
    lines: row.lines.map((l) => ({ ...l, name: lines[l.index]?.name ?? '' })),
    method: row.method,
    status: row.status,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** The customer is told (issue 29 point 4): by e-mail when there is one, else a text. */
export function refundMessage(input: {
  tenantId: string;
  orderId: string;
  shopName: string;
  currencySign: string;
  number: number;
  amount: number;
  method: 'card' | 'cash';
  email: string | null;
  phone: string | null;
  orderUrl: string;
}): NewOutboxMessage | null {
  const money = formatMoney(input.amount, { sign: input.currencySign });
  const how =
    input.method === 'card' ? 'to your card (it can take 5 to 10 days to show)' : 'in cash';
  const text = `${input.shopName} has refunded ${money} on your order ${input.number}, ${how}.`;
  const common = {
    tenantId: input.tenantId,
    orderId: input.orderId,
    kind: 'order_refund',
    senderName: input.shopName,
    discardAfter: null,
    attachments: null,
    htmlBody: null,
  };
  if (input.email) {
    return {
      ...common,
      channel: 'email',
      recipient: input.email,
      subject: `Refund of ${money} on your ${input.shopName} order ${input.number}`,
      textBody: `${text}\n\nYour order: ${input.orderUrl}`,
    };
  }
  if (!input.phone) return null;
  return {
    ...common,
    channel: 'sms',
    recipient: input.phone,
    subject: null,
    textBody: `${text} ${input.orderUrl}`,
  };
}

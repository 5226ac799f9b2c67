import type { Order, OrderStatus, PaymentStatus } from '@servery/contract/order';
import { OPEN_ORDER_STATUSES } from '@servery/contract/desk-moves';
import { SETTLING_PAYMENT_STATUSES } from '@servery/contract/settlement';

/** Order statuses (architecture.md "Orders") as the customer reads them. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  placed: 'Placed',
  accepted: 'Accepted',
  preparing: 'Being prepared',
  ready: 'Ready to collect',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Declined by the shop',
  payment_failed: 'Payment failed',
};

/**
 * The status as the customer reads it for their kind of order (walk2 item 16): a delivery that
 * is ready is not for collecting, it is about to leave (the words of its "ready" message).
 */
export function statusLabel(status: OrderStatus, orderType: 'delivery' | 'collection'): string {
  if (status === 'ready' && orderType === 'delivery') return 'Ready, on its way shortly';
  return STATUS_LABELS[status];
}

/** What was given back, beside the status on the customer's list; null when nothing was. */
export function refundLabel(order: { total: number; refunded?: number | undefined }) {
  const refunded = order.refunded ?? 0;
  if (refunded <= 0) return null;
  return refunded >= order.total ? 'Refunded' : 'Partly refunded';
}

/** Colour of a status badge: text and background pairs that pass AA contrast. */
export function statusTone(status: OrderStatus): string {
  if (['cancelled', 'rejected', 'payment_failed'].includes(status))
    return 'bg-red-100 text-red-900';
  if (status === 'pending_payment') return 'bg-amber-100 text-amber-950';
  if (status === 'completed') return 'bg-stone-200 text-stone-900';
  return 'bg-emerald-100 text-emerald-900';
}

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  requires_payment: 'Not paid yet',
  requires_action: 'Waiting for your bank to confirm',
  processing: 'Being processed',
  authorised: 'Authorised, charged when the shop accepts',
  capture_pending: 'Paid',
  succeeded: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  pay_on_collection: 'Cash on collection',
  pay_on_delivery: 'Cash on delivery',
  release_pending: 'Not charged: the hold on your card is being lifted',
  released: 'Not charged: the hold on your card was lifted',
  refund_pending: 'Refund on its way',
  refunded: 'Refunded in full',
};

/**
 * The payment as the customer reads it: cash on collection or delivery is owed no more once the
 * shop has declined or cancelled the order (the page says so beside the reason).
 */
export function paymentLabel(order: Pick<Order, 'status' | 'payment'>): string {
  const cashDue = ['pay_on_collection', 'pay_on_delivery'].includes(order.payment.status);
  if (cashDue && ['rejected', 'cancelled'].includes(order.status)) return 'Nothing to pay';
  return PAYMENT_LABELS[order.payment.status];
}

/**
 * How often an order's page asks again while the kitchen still has the order and its live
 * stream is down (with the stream up, each change arrives within a second or two).
 */
export const FALLBACK_POLL_MS = 30_000;
/** The kitchen still has it (the desk's open orders), or its payment is still to come. */
const FOLLOWED: readonly string[] = ['pending_payment', ...OPEN_ORDER_STATUSES];
/**
 * Whether the order can still change (so its page follows it): while the kitchen has it, while
 * it awaits a payment the provider may yet report, and while money the shop's decision set
 * moving is still on its way (a cancelled order's refund, an accepted one's charge).
 */
export const following = (order: Pick<Order, 'status' | 'payment'> | undefined) =>
  order !== undefined &&
  (FOLLOWED.includes(order.status) || SETTLING_PAYMENT_STATUSES.includes(order.payment.status));

/**
 * A declined, cancelled or unpaid order supplied nothing, so its page shows no VAT invoice
 * (the server sends none for one; this keeps a page drawn from an older answer true as well).
 */
export const suppliedOrOnItsWay = (status: OrderStatus) =>
  !['rejected', 'cancelled', 'payment_failed'].includes(status);

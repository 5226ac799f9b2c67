import { REJECT_REASONS } from '@servery/contract/desk-moves';
import type { Order, OrderSummary } from '@servery/contract/order';
import type { OrderRow, PaymentRow } from './orders.repository.ts';
import { vatInvoiceOf, type InvoiceRefund, type VatSupplier } from './vat-invoice.ts';

/** The order as the API shows it (contract `Order`), with its VAT invoice when the shop gives one. */
export function toOrder(
  order: Omit<OrderRow, 'printCount'>,
  payment: Pick<PaymentRow, 'method' | 'provider' | 'status' | 'clientSecret' | 'stripeAccount'> & {
    refunded?: number;
  },
  supplier: VatSupplier | null,
  publishableKey?: string,
  refunds: readonly InvoiceRefund[] = [],
): Order {
  const payable =
    payment.provider === 'stripe' &&
    order.status === 'pending_payment' &&
    ['requires_payment', 'requires_action', 'failed'].includes(payment.status);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    store: { id: order.storeId, name: order.storeName, phone: order.storePhone },
    order_type: order.orderType,
    address: order.address,
    asap: order.asap,
    scheduled_for: order.scheduledFor.toISOString(),
    lines: order.lines,
    subtotal: order.subtotal,
    delivery_fee: order.deliveryFee,
    discount: order.discount,
    total: order.total,
    vat: order.vat,
    currency: order.currency,
    promo_code: order.promoCode,
    notes: order.notes,
    payment: {
      method: payment.method,
      provider: payment.provider,
      status: payment.status,
      client_secret: payable ? payment.clientSecret : null,
      publishable_key: payable ? (publishableKey ?? null) : null,
      stripe_account: payable ? payment.stripeAccount : null,
      // What the shop has given back (issue 29): the order page says so.
      refunded: payment.refunded ?? 0,
    },
    // Who at the shop moved it stays with the shop.
    status_history: order.statusHistory.map(({ status, at }) => ({ status, at })),
    promised_at: order.promisedAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
    shop_reason: shopReasonOf(order),
    vat_invoice: vatInvoiceOf(order, supplier, refunds),
  };
}

const PRESETS: Readonly<Record<string, string>> = REJECT_REASONS;

/**
 * Why the shop declined or cancelled the order, as the customer reads it (issue 27, point 5):
 * the reason the staff chose and the words they typed themselves. Entries written before the
 * reason had its own field kept the reason's key in `note` when no words were typed.
 */
export function shopReasonOf(
  order: Pick<OrderRow, 'status' | 'statusHistory'>,
): Order['shop_reason'] {
  if (order.status !== 'rejected' && order.status !== 'cancelled') return null;
  const entry = order.statusHistory.findLast((h) => h.status === order.status);
  if (!entry) return { reason: null, words: null };
  if (entry.by === 'automatic') {
    return { reason: 'The shop did not answer in time', words: null };
  }
  const oldKey = !entry.reason && entry.note && entry.note in PRESETS;
  const key = entry.reason ?? (oldKey ? entry.note : undefined);
  return {
    reason: key && key !== 'other' ? (PRESETS[key] ?? null) : null,
    words: (oldKey ? null : entry.note) || null,
  };
}

export function toOrderSummary(
  order: OrderRow,
  payment: Pick<PaymentRow, 'refunded'>,
): OrderSummary {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    store_name: order.storeName,
    order_type: order.orderType,
    total: order.total,
    // What the shop gave back (walk2 item 16): the list says refunded, not just "Completed".
    refunded: payment.refunded,
    currency: order.currency,
    item_count: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    created_at: order.createdAt.toISOString(),
    scheduled_for: order.scheduledFor.toISOString(),
  };
}

import { isPaymentSecured, type PaymentStatus } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import type { ProviderPayment } from '../../providers/payments/payment-provider.ts';
import { findById } from '../customers/customers.repository.ts';
import type { OrderContact } from './delivery-contact.ts';
import { messageRow, type NewOutboxMessage } from '../outbox/outbox.repository.ts';
import type { Computed } from '../../db/row-insert.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import {
  orderConfirmation,
  orderPageUrl,
  type ConfirmationInput,
  type MessageLinks,
} from './order-message.ts';
import { vatSupplierOf } from './vat-invoice.ts';
import {
  moveOrder,
  ORDER_NUMBER_MARK,
  orderAndPayment,
  orderRowOf,
  updatePayment,
  withOrderNumber,
  type NewOrder,
  type NewPayment,
  type OrderRow,
  type PaymentRow,
} from './orders.repository.ts';
import {
  changeWithLiveEvent,
  recordLiveEvent,
  recordPaymentEvent,
} from '../live-events/live-events.repository.ts';
import { keepSavedCard } from './kept-cards.repository.ts';

export type { MessageLinks };

/**
 * States no provider news moves back: a final payment, and the steps the shop's decision started
 * (the desk's settlement finishes those; see modules/desk/settlement.ts). One exception: news
 * that a capture went through ends `capture_pending`.
 */
const SETTLED: PaymentStatus[] = [
  'succeeded',
  'cancelled',
  'capture_pending',
  'release_pending',
  'released',
  'refund_pending',
  'refunded',
];

/**
 * The order's confirmation (null when the customer has neither e-mail nor phone). `contact` is
 * the customer's e-mail and phone when the caller read them already (a cash order, decision
 * 47); otherwise they are read here.
 */
async function confirmationOf(
  ex: Executor,
  tenant: Tenant,
  order: ConfirmationInput['order'],
  links: MessageLinks,
  contact?: OrderContact,
) {
  const customer = contact ?? (await findById(ex, order.tenantId, order.customerId));
  return orderConfirmation({
    order,
    shopName: tenant.row.websiteName,
    currencySign: tenant.row.config.currency.sign,
    timeZone: tenant.row.config.timeZone,
    supplier: vatSupplierOf(tenant.row),
    email: customer?.email ?? null,
    phone: customer?.phone ?? null,
    orderUrl: orderPageUrl(tenant.hosts, links, order.id),
  });
}

const orderCreatedEvent = (order: NewOrder) =>
  ({
    tenantId: order.tenantId,
    storeId: order.storeId,
    kind: 'order.created',
    entityId: order.id,
  }) as const;

/**
 * Writes the order's confirmation to the outbox (in the caller's transaction). Returns whether
 * a message was queued.
 */
async function queueConfirmation(
  tx: Executor,
  tenant: Tenant,
  order: OrderRow,
  links: MessageLinks,
): Promise<boolean> {
  const message = await confirmationOf(tx, tenant, order, links);
  // The one place a card order becomes `placed` (when paid): boards hear of it, in the
  // statement that queues its confirmation (one round trip, decision 52).
  await recordLiveEvent(tx, orderCreatedEvent(order), message ? [messageRow(message)] : []);
  return Boolean(message);
}

/**
 * A cash order, placed at once: the order with its number drawn from the shop's sequence, its
 * payment, its confirmation (naming that number) and its live event, in one statement with no
 * transaction (decisions 53 and 55). Answers the order's number and whether a message was
 * queued.
 */
export async function writeCashOrder(
  ex: Executor,
  tenant: Tenant,
  rows: { order: NewOrder; payment: NewPayment },
  links: MessageLinks,
  contact?: OrderContact,
): Promise<{ number: number; queued: boolean }> {
  const { order } = rows;
  const unnumbered = { ...orderRowOf(order, 0), number: ORDER_NUMBER_MARK };
  const message = await confirmationOf(ex, tenant, unnumbered, links, contact);
  const written = orderAndPayment(order, rows.payment);
  const [placed] = await changeWithLiveEvent(ex, written.change, orderCreatedEvent(order), [
    written.payment,
    ...(message ? [numberedMessageRow(message)] : []),
  ]);
  return { number: Number(placed!.number), queued: Boolean(message) };
}

/** A message's row, the order's number put in wherever its texts say ORDER_NUMBER_MARK. */
function numberedMessageRow(message: NewOutboxMessage) {
  const computed: Record<string, Computed> = {};
  for (const key of ['subject', 'textBody', 'htmlBody'] as const) {
    const text = message[key];
    if (text?.includes(ORDER_NUMBER_MARK)) computed[key] = withOrderNumber(text);
  }
  return messageRow(message, computed);
}

/**
 * Applies what the provider says about a payment (inside the caller's transaction, with the
 * payment row locked). News older than what we hold is ignored; a succeeded payment places
 * the order exactly once; a cancelled one fails it. A change of the payment's state records an
 * `order.payment` live event here, so the desk and the customer's open order page show it.
 * A card the customer agreed to keep (`news.keptCard`) is saved here too (issue 30). Returns whether a message was queued.
 */
export async function applyProviderPayment(
  tx: Executor,
  tenant: Tenant,
  row: { order: OrderRow; payment: PaymentRow },
  news: ProviderPayment,
  asOf: Date,
  links: MessageLinks,
): Promise<boolean> {
  const { order, payment } = row;
  // A card the customer agreed to keep is saved once it has paid, whatever the order's news.
  if (news.keptCard && isPaymentSecured(news.status) && payment.provider !== 'cash') {
    const owner = { tenantId: order.tenantId, customerId: order.customerId };
    const place = { provider: payment.provider, account: payment.stripeAccount ?? '' };
    await keepSavedCard(tx, owner, place, news.keptCard, asOf);
  }
  const captured = payment.status === 'capture_pending' && news.status === 'succeeded';
  if (SETTLED.includes(payment.status) && !captured) return false;
  if (payment.providerUpdatedAt && asOf < payment.providerUpdatedAt) return false;
  await updatePayment(tx, payment.id, {
    status: news.status,
    failureMessage: news.failureMessage,
    providerUpdatedAt: asOf,
  });
  if (news.status !== payment.status || news.failureMessage !== payment.failureMessage) {
    await recordPaymentEvent(tx, {
      tenantId: order.tenantId,
      storeId: order.storeId,
      orderId: order.id,
    });
  }
  // Held (the shop's accept charges it) or charged at once: either way the shop has the order.
  if (
    isPaymentSecured(news.status) &&
    (await moveOrder(tx, order.id, 'pending_payment', 'placed', asOf))
  ) {
    return queueConfirmation(tx, tenant, { ...order, status: 'placed' }, links);
  }
  if (news.status === 'cancelled') {
    await moveOrder(tx, order.id, 'pending_payment', 'payment_failed', asOf);
  }
  return false;
}

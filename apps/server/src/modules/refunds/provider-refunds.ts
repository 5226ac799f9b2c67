import type { Executor } from '../../db/client.ts';
import type { ProviderEvent, ProviderRefund } from '../../providers/payments/payment-provider.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordPaymentEvent } from '../live-events/live-events.repository.ts';
import { orderPageUrl } from '../orders/order-message.ts';
import { lockPaymentByIntent, tenantOfIntent } from '../orders/orders.repository.ts';
import type { PaymentDeps } from '../orders/orders.service.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { refundMessage } from './refund-rules.ts';
import {
  customerOfOrder,
  failSettledRefund,
  insertRefund,
  refundOfProvider,
  releaseRefund,
  reserveRefund,
} from './refunds.repository.ts';

type Locked = NonNullable<Awaited<ReturnType<typeof lockPaymentByIntent>>>;
const GONE = ['failed', 'canceled'];

const stripeActor = (tenantId: string): AuditActor => ({
  tenantId,
  actorId: null,
  actorEmail: 'stripe',
  actorRole: 'provider',
  requestId: null,
  ip: null,
});

/**
 * Stripe's word on refunds (`refund.created`, `refund.updated`, `charge.refunded`), so reports
 * stay true when money is given back outside the back office (decision 0039). A refund made in
 * the Stripe dashboard is recorded once (the payment's lock and its Stripe id), reserved on the
 * payment like any refund, audited and told to the customer. A refund we made carries our
 * metadata and is already counted: only its later failure is learnt (the reservation given back).
 */
export async function recordProviderRefunds(deps: PaymentDeps, event: ProviderEvent) {
  for (const news of event.refunds) await learnRefund(deps, event, news);
}

async function learnRefund(deps: PaymentDeps, event: ProviderEvent, news: ProviderRefund) {
  const tenantId = await tenantOfIntent(deps.db, news.intentId);
  if (!tenantId) return;
  // Read before the transaction: the embedded database runs one thing at a time.
  const tenant = await deps.tenantOf(tenantId);
  let queued = false;
  await deps.db.transaction(async (tx) => {
    const locked = await lockPaymentByIntent(tx, news.intentId);
    // News of a payment comes from the account it was made on (as for payments).
    if (!locked || (locked.payment.stripeAccount ?? null) !== event.account) return;
    const known = await refundOfProvider(tx, tenantId, news.id, news.refundId);
    if (GONE.includes(news.status)) {
      if (known && (await failSettledRefund(tx, known.id, `Stripe: the refund ${news.status}`))) {
        await releaseRefund(tx, { tenantId, orderId: locked.order.id }, known.amount);
        await recordPaymentEvent(tx, {
          tenantId,
          storeId: locked.order.storeId,
          orderId: locked.order.id,
        });
      }
      return;
    }
    if (news.ours || known || news.status !== 'succeeded') return;
    queued = await recordOutsideRefund(tx, deps, tenant, locked, news);
  });
  if (queued) deps.onMessageQueued();
}

/** A refund made in the Stripe dashboard, written as ours are. False when it cannot be counted. */
async function recordOutsideRefund(
  tx: Executor,
  deps: PaymentDeps,
  tenant: Tenant,
  { order, payment }: Locked,
  news: ProviderRefund,
) {
  const where = { tenantId: order.tenantId, orderId: order.id };
  // More than is left cannot have been refunded on this payment; the check would refuse it too.
  const reserved = await reserveRefund(tx, where, news.amount);
  if (!reserved) return false;
  const row = await insertRefund(tx, {
    ...where,
    storeId: order.storeId,
    amount: news.amount,
    reason: 'Refunded in the Stripe dashboard',
    lines: [],
    method: 'card',
    status: 'succeeded',
    providerRefundId: news.id,
    createdBy: 'Stripe dashboard',
    createdAt: news.created,
  });
  await recordAudit(tx, stripeActor(order.tenantId), {
    action: 'order.refunded',
    entity: 'order',
    entityId: order.id,
    before: { refunded: payment.refunded },
    after: { refunded: reserved.refunded, refund_id: row.id, amount: row.amount, method: 'card' },
  });
  await recordPaymentEvent(tx, { ...where, storeId: order.storeId });
  const customer = await customerOfOrder(tx, order.customerId);
  const message = refundMessage({
    tenantId: order.tenantId,
    orderId: order.id,
    shopName: tenant.row.websiteName,
    currencySign: tenant.row.config.currency.sign,
    number: order.number,
    amount: row.amount,
    method: 'card',
    email: customer?.email ?? null,
    phone: customer?.phone ?? null,
    orderUrl: orderPageUrl(tenant.hosts, deps.links, order.id),
  });
  if (!message) return false;
  await enqueueMessage(tx, message);
  return true;
}

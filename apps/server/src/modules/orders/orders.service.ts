import type { DemoCardRequest, Order, OrderPage } from '@servery/contract/order';
import { capturesAtCheckout, isPaymentSecured } from '@servery/contract/order';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  demoCardOutcome,
  demoCardProblem,
  demoKeptCard,
} from '../../providers/payments/demo-card.ts';
import type { CardProvider, ProviderEvent } from '../../providers/payments/payment-provider.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { toOrder, toOrderSummary } from './order-view.ts';
import {
  findOwnedOrder,
  refundsOnInvoice,
  listOwnedOrders,
  lockOwnedPayment,
  lockPaymentByIntent,
  recordWebhookEvent,
  tenantOfIntent,
  type Owner,
} from './orders.repository.ts';
import { applyProviderPayment } from './payments.service.ts';
import { vatSupplierOf, type VatSupplier } from './vat-invoice.ts';
import type { MessageLinks } from './order-message.ts';

export const ORDERS_PER_PAGE = 10;
const orderNotFound = () => notFound('We could not find that order.');

export async function getOrderPage(db: Database, owner: Owner, page: number): Promise<OrderPage> {
  const { rows, total } = await listOwnedOrders(
    db,
    owner,
    ORDERS_PER_PAGE,
    (page - 1) * ORDERS_PER_PAGE,
  );
  return {
    orders: rows.map((row) => toOrderSummary(row.order, row.payment)),
    page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PER_PAGE)),
    total,
  };
}

export async function getOrder(
  db: Database,
  owner: Owner,
  id: string,
  supplier: VatSupplier | null,
  publishableKey?: string,
): Promise<Order> {
  const row = isUuid(id) ? await findOwnedOrder(db, owner, id) : undefined;
  if (!row) throw orderNotFound();
  // Its VAT invoice lists the refunds given on it (failed ones gave nothing back).
  const refunds = row.payment.refunded ? await refundsOnInvoice(db, owner.tenantId, id) : [];
  return toOrder(row.order, row.payment, supplier, publishableKey, refunds);
}

export interface PaymentDeps {
  db: Database;
  now: () => Date;
  card: CardProvider | null;
  onMessageQueued: () => void;
  /** Links in the customer's messages point at the shop's canonical host. */
  links: MessageLinks;
  tenantOf: (tenantId: string) => Promise<Tenant>;
}

/**
 * PUT /api/order/payment/status: asks the provider, never the client. The provider is asked
 * before any transaction opens; its news is applied under the payment's lock, unless newer news
 * came in meanwhile.
 */
export async function refreshPaymentStatus(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
): Promise<Order> {
  if (!isUuid(orderId)) throw orderNotFound();
  const tenant = await deps.tenantOf(owner.tenantId);
  const seen = await findOwnedOrder(deps.db, owner, orderId);
  if (!seen) throw orderNotFound();
  const { payment } = seen;
  if (payment.provider !== 'stripe' || !payment.intentId || !deps.card) {
    return toOrder(seen.order, payment, vatSupplierOf(tenant.row));
  }
  const asOf = deps.now();
  const news = await deps.card.retrievePayment(payment.intentId, payment.stripeAccount);
  let queued = false;
  const order = await deps.db.transaction(async (tx) => {
    const row = await lockOwnedPayment(tx, owner, orderId);
    if (!row) throw orderNotFound();
    queued = await applyProviderPayment(tx, tenant, row, news, asOf, deps.links);
    return (await findOwnedOrder(tx, owner, orderId))!;
  });
  if (queued) deps.onMessageQueued();
  return toOrder(order.order, order.payment, vatSupplierOf(tenant.row));
}

/**
 * The demo provider's card form (test mode): providers/payments/demo-card.ts says what the card
 * does; this applies it to the order's payment as the provider's news.
 */
export async function confirmDemoPayment(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
  card: DemoCardRequest,
): Promise<{ order: Order; declined: string | null }> {
  if (!isUuid(orderId)) throw orderNotFound();
  const at = deps.now();
  const problem = demoCardProblem(card, at);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  const tenant = await deps.tenantOf(owner.tenantId);
  let queued = false;
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockOwnedPayment(tx, owner, orderId);
    if (!row) throw orderNotFound();
    if (row.payment.provider !== 'demo') {
      throw new AppError(422, 'rule', 'This order is not paid with the test-mode card form.');
    }
    if (!isPaymentSecured(row.payment.status) && row.order.status !== 'pending_payment') {
      throw new AppError(422, 'rule', 'This order can no longer be paid.');
    }
    const { status, declined } = demoCardOutcome(
      card,
      capturesAtCheckout(row.order.scheduledFor, at),
    );
    queued = await applyProviderPayment(
      tx,
      tenant,
      row,
      {
        intentId: row.payment.id,
        clientSecret: null,
        status,
        failureMessage: declined,
        keptCard: card.save_card ? demoKeptCard(card) : null,
      },
      at,
      deps.links,
    );
    const fresh = (await findOwnedOrder(tx, owner, orderId))!;
    return { order: toOrder(fresh.order, fresh.payment, vatSupplierOf(tenant.row)), declined };
  });
  if (queued) deps.onMessageQueued();
  return outcome;
}

/**
 * POST /api/webhooks/stripe: the source of truth. A replayed event changes nothing; an event
 * older than what we hold is ignored; the order is placed once.
 */
export async function handleProviderEvent(deps: PaymentDeps, event: ProviderEvent) {
  const news = event.payment;
  if (!news) return;
  const tenantId = await tenantOfIntent(deps.db, news.intentId);
  if (!tenantId) return;
  // Read before the transaction: the embedded database runs one thing at a time.
  const tenant = await deps.tenantOf(tenantId);
  let queued = false;
  await deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, 'stripe', event.id))) return;
    const row = await lockPaymentByIntent(tx, news.intentId);
    // News of a payment comes from the account it was made on: the shop's connected account,
    // or the platform's for a payment made there. Anything else is not about this payment.
    if (!row || (row.payment.stripeAccount ?? null) !== event.account) return;
    queued = await applyProviderPayment(tx, tenant, row, news, event.created, deps.links);
  });
  if (queued) deps.onMessageQueued();
}

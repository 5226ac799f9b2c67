import type { DemoCardRequest, Order, OrderPage } from '@servery/contract/order';
import {
  CARD_EXPIRED_MESSAGE,
  DEMO_CARDS,
  capturesAtCheckout,
  cardExpired,
  isPaymentSecured,
} from '@servery/contract/order';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CardProvider, ProviderEvent } from '../../providers/payments/payment-provider.ts';
import type { TenantAggregate } from '../tenants/tenants.repository.ts';
import { toOrder, toOrderSummary } from './order-view.ts';
import {
  findOwnedOrder,
  listOwnedOrders,
  lockOwnedPayment,
  lockPaymentByIntent,
  recordWebhookEvent,
  tenantOfIntent,
  type Owner,
} from './orders.repository.ts';
import { applyProviderPayment } from './payments.service.ts';
import { vatSupplierOf, type VatSupplier } from './vat-invoice.ts';

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
    orders: rows.map((row) => toOrderSummary(row.order)),
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
  return toOrder(row.order, row.payment, supplier, publishableKey);
}

export interface PaymentDeps {
  db: Database;
  now: () => Date;
  card: CardProvider | null;
  onMessageQueued: () => void;
  aggregateOf: (tenantId: string) => Promise<TenantAggregate>;
}

/** PUT /api/order/payment/status: asks the provider, never the client. */
export async function refreshPaymentStatus(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
): Promise<Order> {
  if (!isUuid(orderId)) throw orderNotFound();
  const agg = await deps.aggregateOf(owner.tenantId);
  let queued = false;
  const order = await deps.db.transaction(async (tx) => {
    const row = await lockOwnedPayment(tx, owner, orderId);
    if (!row) throw orderNotFound();
    if (row.payment.provider === 'stripe' && row.payment.intentId && deps.card) {
      const news = await deps.card.retrievePayment(row.payment.intentId, row.payment.stripeAccount);
      queued = await applyProviderPayment(tx, agg, row, news, deps.now());
    }
    return (await findOwnedOrder(tx, owner, orderId))!;
  });
  if (queued) deps.onMessageQueued();
  return toOrder(order.order, order.payment, vatSupplierOf(agg.tenant));
}

/** Luhn's checksum, as every card number carries. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The demo provider's card form (test mode): the cards behave as Stripe's test cards do.
 * 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks to authenticate.
 */
export async function confirmDemoPayment(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
  card: DemoCardRequest,
): Promise<{ order: Order; declined: string | null }> {
  if (!isUuid(orderId)) throw orderNotFound();
  if (!luhnValid(card.card_number)) {
    throw badRequest('Your card number is incorrect.', {
      card_number: 'Your card number is incorrect.',
    });
  }
  const at = deps.now();
  if (cardExpired(card.expiry, at)) {
    throw badRequest(CARD_EXPIRED_MESSAGE, { expiry: CARD_EXPIRED_MESSAGE });
  }
  const agg = await deps.aggregateOf(owner.tenantId);
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
    let declined: string | null = null;
    // Held until the shop accepts, as Stripe's manual capture does; charged at once far ahead.
    let status: 'authorised' | 'succeeded' | 'failed' | 'requires_action' = capturesAtCheckout(
      row.order.scheduledFor,
      at,
    )
      ? 'succeeded'
      : 'authorised';
    if (card.card_number === DEMO_CARDS.declined) {
      status = 'failed';
      declined = 'Your card was declined. Please try another card.';
    } else if (card.card_number === DEMO_CARDS.requiresAction && card.authenticate !== 'approve') {
      status = card.authenticate === 'fail' ? 'failed' : 'requires_action';
      if (status === 'failed') {
        declined = 'We could not authenticate your payment. Please try again or use another card.';
      }
    }
    queued = await applyProviderPayment(
      tx,
      agg,
      row,
      { intentId: row.payment.id, clientSecret: null, status, failureMessage: declined },
      at,
    );
    const fresh = (await findOwnedOrder(tx, owner, orderId))!;
    return { order: toOrder(fresh.order, fresh.payment, vatSupplierOf(agg.tenant)), declined };
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
  const agg = await deps.aggregateOf(tenantId);
  let queued = false;
  await deps.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, 'stripe', event.id))) return;
    const row = await lockPaymentByIntent(tx, news.intentId);
    // News of a payment comes from the account it was made on: the shop's connected account,
    // or the platform's for a payment made there. Anything else is not about this payment.
    if (!row || (row.payment.stripeAccount ?? null) !== event.account) return;
    queued = await applyProviderPayment(tx, agg, row, news, event.created);
  });
  if (queued) deps.onMessageQueued();
}

import { capturesAtCheckout, isPaymentSecured, type Order } from '@servery/contract/order';
import { savedCardExpired, type SavedCard } from '@servery/contract/saved-cards';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ProviderPayment } from '../../providers/payments/payment-provider.ts';
import { cardAccountOf } from '../orders/card-account.ts';
import { toOrder } from '../orders/order-view.ts';
import { findOwnedOrder, lockOwnedPayment } from '../orders/orders.repository.ts';
import type { PaymentDeps } from '../orders/orders.service.ts';
import { applyProviderPayment } from '../orders/payments.service.ts';
import { vatSupplierOf } from '../orders/vat-invoice.ts';
import { canonicalOrigin } from '../tenants/shop-origin.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import {
  deleteSavedCard,
  findPaymentCustomer,
  findSavedCard,
  listSavedCards,
  markSavedCardUsed,
  recordPaymentCustomer,
  type CardPlace,
  type Owner,
  type SavedCardRow,
} from './saved-cards.repository.ts';

const cardNotFound = () => notFound('We could not find that card.');
const orderNotFound = () => notFound('We could not find that order.');

/** Where this shop's card payments are kept now; null when it takes no cards online. */
function placeNow(deps: PaymentDeps, tenant: Tenant): CardPlace | null {
  if (!deps.card) return { provider: 'demo', account: '' };
  try {
    return { provider: 'stripe', account: cardAccountOf(deps.card, tenant.row) ?? '' };
  } catch {
    return null;
  }
}

const toSavedCard = (row: SavedCardRow, at: Date): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  expired: savedCardExpired(row, at),
  created_at: row.createdAt.toISOString(),
});

/** GET /api/payment-methods: the customer's cards this shop can charge now, the last used first. */
export async function getSavedCards(deps: PaymentDeps, owner: Owner): Promise<SavedCard[]> {
  const place = placeNow(deps, await deps.tenantOf(owner.tenantId));
  if (!place) return [];
  const at = deps.now();
  return (await listSavedCards(deps.db, owner, place)).map((row) => toSavedCard(row, at));
}

/** DELETE /api/payment-methods/{id}: forgotten at the provider first, then here. */
export async function removeSavedCard(deps: PaymentDeps, owner: Owner, id: string) {
  const row = isUuid(id) ? await findSavedCard(deps.db, owner, id) : undefined;
  if (!row) throw cardNotFound();
  if (row.provider === 'stripe') {
    if (!deps.card) throw new AppError(503, 'provider_unavailable', 'Cards cannot be changed now.');
    await deps.card.removeCard(row.providerMethodId, row.account || null);
  }
  await deleteSavedCard(deps.db, owner, id);
}

/** The customer's order still waiting for its card payment, or a 404 / 422. */
async function awaitingOrder(deps: PaymentDeps, owner: Owner, orderId: string) {
  const row = isUuid(orderId) ? await findOwnedOrder(deps.db, owner, orderId) : undefined;
  if (!row) throw orderNotFound();
  const { order, payment } = row;
  if (
    payment.method !== 'card' ||
    order.status !== 'pending_payment' ||
    isPaymentSecured(payment.status)
  ) {
    throw new AppError(422, 'rule', 'This order can no longer be paid.');
  }
  return row;
}

/** The Stripe customer of this customer on `account`, made at Stripe the first time. */
async function stripeCustomerOf(deps: PaymentDeps, owner: Owner, account: string) {
  const known = await findPaymentCustomer(deps.db, owner, account);
  if (known) return known;
  const made = await deps.card!.createCustomer({ ...owner, account: account || null });
  return recordPaymentCustomer(deps.db, owner, account, made);
}

/**
 * PUT /api/order/payment/save-card: the customer agreed (or no longer agrees) to keep the card
 * that pays this Stripe order. The demo provider is told with its card form instead.
 */
export async function chooseToSaveCard(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
  save: boolean,
) {
  const { payment } = await awaitingOrder(deps, owner, orderId);
  if (payment.provider !== 'stripe' || !payment.intentId || !deps.card) {
    throw new AppError(422, 'rule', 'This order’s card is saved with its card form.');
  }
  const account = payment.stripeAccount ?? '';
  const customer = save ? await stripeCustomerOf(deps, owner, account) : null;
  await deps.card.keepCard(payment.intentId, account || null, customer);
}

/** What paying with the saved card does at the provider (Stripe), or in test mode (demo). */
async function chargeSavedCard(
  deps: PaymentDeps,
  tenant: Tenant,
  owner: Owner,
  row: Awaited<ReturnType<typeof awaitingOrder>>,
  card: SavedCardRow,
): Promise<ProviderPayment> {
  const { order, payment } = row;
  if (card.provider === 'demo') {
    const at = deps.now();
    const status = capturesAtCheckout(order.scheduledFor, at) ? 'succeeded' : 'authorised';
    return { intentId: payment.id, clientSecret: null, status, failureMessage: null };
  }
  const origin = canonicalOrigin(tenant.hosts, deps.links);
  return deps.card!.payWithSavedCard({
    intentId: payment.intentId!,
    account: card.account || null,
    customer: await stripeCustomerOf(deps, owner, card.account),
    methodId: card.providerMethodId,
    returnUrl: `${origin}/payment?order=${order.id}`,
  });
}

/**
 * POST /api/order/payment/saved-card: pays the order with one of the customer's saved cards,
 * the customer present. The provider's answer is applied as any other news of the payment.
 */
export async function payWithSavedCard(
  deps: PaymentDeps,
  owner: Owner,
  orderId: string,
  cardId: string,
): Promise<{ order: Order; declined: string | null }> {
  const row = await awaitingOrder(deps, owner, orderId);
  const card = await findSavedCard(deps.db, owner, cardId);
  const place = { provider: row.payment.provider, account: row.payment.stripeAccount ?? '' };
  if (!card || card.provider !== place.provider || card.account !== place.account) {
    throw cardNotFound();
  }
  if (savedCardExpired(card, deps.now())) {
    const message = 'This card has expired. Please use another card.';
    throw new AppError(422, 'card_expired', message, { payment_method_id: message });
  }
  const tenant = await deps.tenantOf(owner.tenantId);
  const news = await chargeSavedCard(deps, tenant, owner, row, card);
  const asOf = deps.now();
  let queued = false;
  const fresh = await deps.db.transaction(async (tx) => {
    const locked = await lockOwnedPayment(tx, owner, orderId);
    if (!locked) throw orderNotFound();
    queued = await applyProviderPayment(tx, tenant, locked, news, asOf, deps.links);
    await markSavedCardUsed(tx, card.id, asOf);
    return (await findOwnedOrder(tx, owner, orderId))!;
  });
  if (queued) deps.onMessageQueued();
  const secret = fresh.payment.provider === 'stripe' ? deps.card?.publishableKey : undefined;
  const order = toOrder(fresh.order, fresh.payment, vatSupplierOf(tenant.row), secret);
  const declined =
    news.status === 'failed' ? (news.failureMessage ?? 'Your card was declined.') : null;
  return { order, declined };
}

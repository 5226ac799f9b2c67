import { timedFor } from '../stores/delivery-check.ts';
import { randomUUID } from 'node:crypto';
import { capturesAtCheckout, type OrderCreated, type OrderRequest } from '@servery/contract/order';
import { formatMoney, orderTotals } from '@servery/contract/pricing';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { keyedId, replayOrConflict, requestHash } from '../../lib/idempotency.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';
import type { TenantCatalogue } from '../tenants/cached-tenant.ts';
import { orderableItemsOf } from '../menu/menu.service.ts';
import { checkPromoTerms } from '../promos/promo-rules.ts';
import { findPromo } from '../promos/promos.repository.ts';
import { cardAccountOf, platformFeeOf } from './card-account.ts';
import type { MessageLinks } from './order-message.ts';
import { findIdempotencyKey, type Owner } from './orders.repository.ts';
import { checkMinimum, orderTerms, type SessionRead } from './steps/delivery-terms.ts';
import { priceOrderLines } from './steps/line-pricing.ts';
import { orderTime } from './steps/order-time.ts';
import { checkPaymentMethod, checkStore } from './steps/store-check.ts';
import { slotClaimOf } from './steps/slot-cap.ts';
import {
  orderCreated,
  orderRows,
  writeOrder,
  type OrderPayer,
  type OrderPlan,
} from './steps/write-order.ts';
import { findUnpaidTwin, takeUpUnpaid } from './unpaid-orders.ts';

export type { SessionRead } from './steps/delivery-terms.ts';

export interface PlaceOrderDeps {
  db: Database;
  now: () => Date;
  /** Stripe when configured; null means the demo provider takes cards. */
  card: CardProvider | null;
  /** `false`: the order's store does not auto-accept, so auto-accept need not look (decision 53). */
  onMessageQueued: (nudgeAutoAccept?: boolean) => void;
  links: MessageLinks;
}

/**
 * Checks every rule that needs no lock, on the server's own (cached) data, and prices the
 * order, step by step: the store, the delivery terms, the lines (and the minimum order), the
 * time, the payment method, the promo code's terms. Runs before any transaction: the embedded
 * database does one thing at a time, and CPU work inside a transaction would hold everyone up.
 */
async function planOrder(
  deps: PlaceOrderDeps,
  shop: TenantCatalogue,
  owner: Owner,
  body: OrderRequest,
  at: Date,
  session: SessionRead,
) {
  const { tenant, catalogue } = shop;
  const config = tenant.row.config;
  const money = (minor: number) => formatMoney(minor, config.currency);
  const store = checkStore(tenant, body, at);
  const terms = await orderTerms(deps.db, owner, store, body, session);
  const orderable = store.menuId
    ? orderableItemsOf(catalogue, { id: store.id, menuId: store.menuId }, at)
    : undefined;
  const { lines, food, priceChanges } = priceOrderLines(orderable, body.lines);
  checkMinimum(terms, food, money);
  // A delivery takes its zone's minutes on the road (issue 28).
  const timed = timedFor(store, terms.address?.postcode ?? null);
  const scheduledFor = orderTime(timed, tenant.hours, body, at, config.timeZone);
  checkPaymentMethod(store, body.payment_method);
  const code = body.promo_code;
  const promo = code
    ? checkPromoTerms(await findPromo(deps.db, tenant.row.id, code), code, food, at, money, store)
    : null;
  const totals = orderTotals(lines, terms.deliveryFee, promo);
  const plan: OrderPlan = {
    store,
    address: terms.address,
    lines,
    scheduledFor,
    priceChanges,
    totals,
  };
  // The customer's e-mail and phone, read when their name and phone were checked.
  return { plan, promo, contact: terms.contact };
}

/** An earlier request with the same Idempotency-Key: its answer, or a 409. */
function replay(
  earlier: { requestHash: string; responseBody: unknown } | undefined,
  hash: string,
): OrderCreated {
  const inFlight = () =>
    new AppError(409, 'idempotency_in_flight', 'This order is still being placed.');
  if (!earlier) throw inFlight();
  return replayOrConflict(earlier, hash, 'order', () => {
    if (earlier.responseBody) return earlier.responseBody as OrderCreated;
    throw inFlight();
  });
}

/**
 * POST /api/order. Plans the order (planOrder), makes the card payment at the provider, then
 * writes it all (steps/write-order.ts), the outside call made before any transaction opens: if
 * the write fails, nobody has the payment's client secret, so nobody can pay it, and it lapses.
 * With an Idempotency-Key the same body gets the first answer again, another body a 409.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  shop: TenantCatalogue,
  owner: Owner,
  body: OrderRequest,
  idempotencyKey: string | undefined,
  session: SessionRead,
): Promise<OrderCreated> {
  const key = idempotencyKey ? { key: idempotencyKey, hash: requestHash(body) } : null;
  if (key) {
    const earlier = await findIdempotencyKey(deps.db, owner, key.key);
    if (earlier) return replay(earlier, key.hash);
  }
  const at = deps.now();
  const { tenant } = shop;
  const config = tenant.row.config;
  const { plan, promo, contact } = await planOrder(deps, shop, owner, body, at, session);
  const cash = body.payment_method === 'cash';
  // With a key, the order's id is the key's: requests sent at once with it make one intent.
  const orderId = key ? keyedId(`${owner.tenantId}:${owner.customerId}`, key.key) : randomUUID();
  const account = !cash && deps.card ? cardAccountOf(deps.card, tenant.row) : null;
  const provider = cash ? 'cash' : deps.card ? 'stripe' : 'demo';
  const publishableKey = deps.card?.publishableKey ?? null;
  if (!cash) {
    // The same basket sent again while its order awaits payment: that order, paid for once.
    const rows = orderRows(
      {
        id: orderId,
        owner,
        tenant,
        plan,
        body,
        promo,
        payer: { provider, intent: null, account, publishableKey },
      },
      at,
    );
    const next = { order: rows.order, payment: { ...rows.payment, stripeAccount: account } };
    const twin = await findUnpaidTwin(deps.db, owner, next, at);
    if (twin && (await takeUpUnpaid(deps.db, twin.order.id, plan.scheduledFor, at))) {
      const order = { ...twin.order, scheduledFor: plan.scheduledFor, updatedAt: at };
      return orderCreated(tenant, order, twin.payment, { publishableKey }, plan.priceChanges);
    }
  }
  const total = plan.totals.total;
  const intent =
    !cash && deps.card
      ? await deps.card.createPayment({
          account,
          applicationFee: platformFeeOf(total, account, tenant.row.payments),
          orderId,
          tenantId: tenant.row.id,
          amount: total,
          currency: config.currency.value,
          description: `${tenant.row.websiteName} order for ${formatMoney(total, config.currency)}`,
          captureAtOnce: capturesAtCheckout(plan.scheduledFor, at),
        })
      : null;
  const payer: OrderPayer = { provider, intent, account, publishableKey };
  const { created, queued } = await writeOrder(deps.db, {
    owner,
    tenant,
    key,
    promo,
    payer,
    priceChanges: plan.priceChanges,
    links: deps.links,
    contact,
    slot: slotClaimOf(plan.store, plan.scheduledFor, plan.lines, body.when === 'asap'),
    rows: (locked) =>
      orderRows({ id: orderId, owner, tenant, plan, body, promo: locked, payer }, at),
  });
  // A cash order is placed at once: auto-accept looks only if its store auto-accepts.
  const autoAccepts = plan.store.autoAcceptMinutes !== null;
  if (queued || (created && cash && autoAccepts)) deps.onMessageQueued(autoAccepts);
  if (created) return created;
  // Another request holds the key: its answer, once it has one.
  return replay(await findIdempotencyKey(deps.db, owner, key!.key), key!.hash);
}

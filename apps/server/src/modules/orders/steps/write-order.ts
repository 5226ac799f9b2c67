import type { OrderAddress, OrderCreated, OrderLine, OrderRequest } from '@servery/contract/order';
import type { OrderTotals } from '@servery/contract/pricing';
import type { Database, Executor } from '../../../db/client.ts';
import type { ProviderPayment } from '../../../providers/payments/payment-provider.ts';
import { checkPromoUses } from '../../promos/promo-rules.ts';
import { lockPromo, type PromoRow } from '../../promos/promos.repository.ts';
import type { Tenant } from '../../tenants/tenants.repository.ts';
import { toOrder } from '../order-view.ts';
import {
  claimIdempotencyKey,
  insertOrderWithPayment,
  orderRowOf,
  saveIdempotentResponse,
  type NewOrder,
  type NewPayment,
  type Owner,
} from '../orders.repository.ts';
import { writeCashOrder, type MessageLinks } from '../payments.service.ts';
import { vatSupplierOf } from '../vat-invoice.ts';
import type { OrderContact } from '../delivery-contact.ts';
import type { OrderStore } from './store-check.ts';
import { takeSlotPlace, type SlotClaim } from './slot-cap.ts';

/** Everything about an order that can be known without writing: checked and priced. */
export interface OrderPlan {
  store: OrderStore;
  address: OrderAddress | null;
  lines: OrderLine[];
  scheduledFor: Date;
  priceChanges: OrderCreated['price_changes'];
  totals: OrderTotals;
}

/** Who takes the money: the card provider's answer when one was asked before the write. */
export interface OrderPayer {
  provider: 'cash' | 'stripe' | 'demo';
  /** The card payment made before the write (Stripe), or null. */
  intent: ProviderPayment | null;
  account: string | null;
  publishableKey: string | null;
}

/** Step 5a: the order's and its payment's rows (pure: the write below stores them). */
export function orderRows(
  input: {
    id: string;
    owner: Owner;
    tenant: Pick<Tenant, 'row'>;
    plan: OrderPlan;
    body: Pick<OrderRequest, 'order_type' | 'when' | 'notes' | 'payment_method'>;
    promo: Pick<PromoRow, 'id' | 'code'> | null;
    payer: OrderPayer;
  },
  at: Date,
): { order: NewOrder; payment: NewPayment } {
  const { plan, body, payer } = input;
  const currency = input.tenant.row.config.currency.value;
  const cash = payer.provider === 'cash';
  const status = cash ? 'placed' : 'pending_payment';
  return {
    order: {
      id: input.id,
      tenantId: input.owner.tenantId,
      customerId: input.owner.customerId,
      storeId: plan.store.id,
      storeName: plan.store.name,
      storePhone: plan.store.phone,
      orderType: body.order_type,
      address: plan.address,
      asap: body.when === 'asap',
      scheduledFor: plan.scheduledFor,
      lines: plan.lines,
      subtotal: plan.totals.subtotal,
      deliveryFee: plan.totals.delivery_fee,
      discount: plan.totals.discount,
      total: plan.totals.total,
      vat: plan.totals.vat,
      currency,
      promoId: input.promo?.id ?? null,
      promoCode: input.promo?.code ?? null,
      notes: body.notes,
      status,
      statusHistory: [{ status, at: at.toISOString() }],
      createdAt: at,
      updatedAt: at,
    },
    payment: {
      method: body.payment_method,
      provider: payer.provider,
      status: cash
        ? body.order_type === 'delivery'
          ? 'pay_on_delivery'
          : 'pay_on_collection'
        : (payer.intent?.status ?? 'requires_payment'),
      amount: plan.totals.total,
      currency,
      intentId: payer.intent?.intentId ?? null,
      clientSecret: payer.intent?.clientSecret ?? null,
      stripeAccount: payer.intent ? payer.account : null,
    },
  };
}

/** The answer to POST /api/order for a written order. */
export function orderCreated(
  tenant: Pick<Tenant, 'row'>,
  order: Parameters<typeof toOrder>[0],
  payment: Parameters<typeof toOrder>[1],
  payer: Pick<OrderPayer, 'publishableKey'>,
  priceChanges: OrderCreated['price_changes'],
): OrderCreated {
  return {
    order: toOrder(order, payment, vatSupplierOf(tenant.row)),
    payment: {
      provider: payment.provider,
      status: payment.status,
      client_secret: payment.clientSecret,
      publishable_key: payment.provider === 'stripe' ? payer.publishableKey : null,
      stripe_account: payment.stripeAccount,
    },
    price_changes: priceChanges,
  };
}

export interface OrderWrite {
  owner: Owner;
  tenant: Tenant;
  /** The Idempotency-Key and the request's hash, when the request has one. */
  key: { key: string; hash: string } | null;
  rows: (promo: PromoRow | null) => { order: NewOrder; payment: NewPayment };
  promo: PromoRow | null;
  payer: OrderPayer;
  priceChanges: OrderCreated['price_changes'];
  /** Where the confirmation's link to the order points (the shop's configured host). */
  links: MessageLinks;
  /** Where a cash order's confirmation goes (read while planning: decision 47). */
  contact?: OrderContact;
  /** The order's place in a capped slot (issue 28), taken under the store's lock; or null. */
  slot?: SlotClaim | null;
}

/**
 * Step 5b, the write: the Idempotency-Key, the promo code's uses under its lock, then the order,
 * numbered from the shop's sequence, with its payment in one statement (a cash order's with its
 * confirmation and live event too). That needs no transaction; more than that (the key, the
 * promo's lock, the slot's place) hold together in one short one. No outside call is made in it
 * (the card payment was made before). Answers null when another request holds the key, and
 * whether a message was queued.
 */
export async function writeOrder(
  db: Database,
  w: OrderWrite,
): Promise<{ created: OrderCreated | null; queued: boolean }> {
  let queued = false;
  const write = async (ex: Executor): Promise<OrderCreated | null> => {
    if (w.key && !(await claimIdempotencyKey(ex, w.owner, w.key.key, w.key.hash))) return null;
    let promo = w.promo;
    if (promo) {
      // Its uses, counted under its lock so the last one cannot be taken twice.
      promo = (await lockPromo(ex, w.owner.tenantId, promo.code)) ?? promo;
      await checkPromoUses(ex, w.owner.tenantId, promo, w.owner.customerId);
    }
    if (w.slot) await takeSlotPlace(ex, w.slot);
    const { order: newOrder, payment } = w.rows(promo);
    // One statement, which draws the order's number (decision 55): a cash order's with its
    // confirmation and live event (decision 53), an order awaiting its card payment alone.
    let number: number;
    if (w.payer.provider === 'cash') {
      const rows = { order: newOrder, payment };
      ({ number, queued } = await writeCashOrder(ex, w.tenant, rows, w.links, w.contact));
    } else {
      number = await insertOrderWithPayment(ex, newOrder, payment);
    }
    const order = orderRowOf(newOrder, number);
    const created = orderCreated(w.tenant, order, payment, w.payer, w.priceChanges);
    if (w.key) await saveIdempotentResponse(ex, w.owner, w.key.key, 200, created);
    return created;
  };
  const created = w.key || w.promo || w.slot ? await db.transaction(write) : await write(db);
  return { created, queued };
}

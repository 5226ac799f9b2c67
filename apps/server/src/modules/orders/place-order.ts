import { createHash, randomUUID } from 'node:crypto';
import {
  capturesAtCheckout,
  type OrderAddress,
  type OrderCreated,
  type OrderLine,
  type OrderRequest,
} from '@servery/contract/order';
import { combineAllergens } from '@servery/contract/allergens';
import { formatMoney, orderTotals } from '@servery/contract/pricing';
import { postcodeDistrict } from '@servery/contract/postcode';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';
import type { DeliveryAddress } from '../addresses/addresses.repository.ts';
import { ownedAddress } from '../addresses/addresses.service.ts';
import type { Shop } from '../menu/cached-shop.ts';
import { priceLine } from '../menu/line-pricing.ts';
import { orderableItemsOf } from '../menu/menu.service.ts';
import { checkPromoTerms, checkPromoUses } from '../promos/promo-rules.ts';
import { findPromo, lockPromo } from '../promos/promos.repository.ts';
import { openingState } from '../stores/opening.ts';
import { activePause } from '@servery/contract/service';
import type { TenantAggregate } from '../tenants/tenants.repository.ts';
import { toOrder } from './order-view.ts';
import { vatSupplierOf } from './vat-invoice.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  insertOrderWithPayment,
  saveIdempotentResponse,
  type NewOrder,
  type NewPayment,
  type Owner,
} from './orders.repository.ts';
import { cardAccountOf, platformFeeOf } from './card-account.ts';
import { queueConfirmation } from './payments.service.ts';
import { isOfferedSlot } from './timings.ts';

export interface PlaceOrderDeps {
  db: Database;
  now: () => Date;
  /** Stripe when configured; null means the demo provider takes cards. */
  card: CardProvider | null;
  onMessageQueued: () => void;
}

/** The delivery address an order names, read with its session in one round trip. */
export interface SessionAddress {
  id: string;
  /** null: not one of the customer's addresses. */
  row: DeliveryAddress | null;
}

/** A broken business rule, naming the field or line (DESIGN.md: 422). */
const rule = (field: string, message: string) =>
  new AppError(422, 'rule', message, { [field]: message });

/** The same body, whatever order its keys came in. */
function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** Everything about an order that can be known without writing: checked and priced. */
interface OrderPlan {
  store: TenantAggregate['stores'][number];
  address: OrderAddress | null;
  deliveryFee: number;
  lines: OrderLine[];
  food: number;
  scheduledFor: Date;
  priceChanges: OrderCreated['price_changes'];
}

/**
 * Checks every rule that needs no lock, on the server's own (cached) data, and prices the
 * lines. Runs before the transaction: the embedded database does one thing at a time, and CPU
 * work inside a transaction would hold everyone up.
 */
async function planOrder(
  deps: PlaceOrderDeps,
  shop: Shop,
  owner: Owner,
  body: OrderRequest,
  at: Date,
  sessionAddress: SessionAddress | undefined,
): Promise<OrderPlan> {
  const { agg, catalogue } = shop;
  const config = agg.tenant.config;
  if (config.IsShopClosed === 1) throw rule('store_id', config.ShopClosedMessage);
  const store = agg.stores.find((s) => s.id === body.store_id);
  if (!store) throw rule('store_id', 'We could not find that store.');
  if (store.isClosed) throw rule('store_id', `${store.name} is not taking orders at the moment.`);
  if (!store.orderTypes.includes(body.order_type)) {
    throw rule('order_type', `${store.name} does not offer ${body.order_type}.`);
  }
  // Paused from the Service screen (issue 15): the shop's own words.
  const pause = activePause(store.pause, at, body.order_type);
  if (pause) throw rule('order_type', pause.message);
  const money = (minor: number) => formatMoney(minor, config.currency);

  // Where it goes, and what that costs.
  let address: OrderAddress | null = null;
  let deliveryFee = 0;
  let minimum = store.minimumOrder;
  let minimumWhat = 'collection';
  if (body.order_type === 'delivery') {
    const row =
      sessionAddress && sessionAddress.id === body.address_id
        ? sessionAddress.row
        : await ownedAddress(deps.db, owner, body.address_id!);
    if (!row) throw notFound('We could not find that address.');
    const district = postcodeDistrict(row.postcode);
    const zone = store.deliveryZones.find((z) => z.district === district);
    if (!zone) throw rule('address_id', `${store.name} does not deliver to ${district}.`);
    address = {
      address_line1: row.addressLine1,
      address_line2: row.addressLine2,
      city: row.city,
      postcode: row.postcode,
      instructions: row.instructions,
    };
    deliveryFee = zone.fee;
    minimum = zone.minimumOrder;
    minimumWhat = `delivery to ${district}`;
  }

  // Every line from the catalogue: on this store's menu, visible, in stock, choices valid.
  const orderable = store.menuId ? orderableItemsOf(catalogue, store.menuId, at) : undefined;
  const priceChanges: OrderCreated['price_changes'] = [];
  const lines: OrderLine[] = body.lines.map((line, index) => {
    const priced = priceLine(orderable, line, index);
    if (priced.problem !== null) throw rule(`lines.${index}`, priced.problem);
    const { item, unit } = priced;
    if (line.unit_price !== undefined && line.unit_price !== unit) {
      priceChanges.push({ item_id: item.id, name: item.name, was: line.unit_price, now: unit });
    }
    const options = item.modifier_groups.flatMap((group) => {
      const chosen = line.modifiers.find((s) => s.group_id === group.id)?.option_ids ?? [];
      return group.options.filter((o) => chosen.includes(o.id));
    });
    return {
      item_id: item.id,
      name: item.name,
      quantity: line.quantity,
      unit_price: unit,
      line_total: unit * line.quantity,
      modifiers: line.modifiers.filter((s) => s.option_ids.length > 0),
      modifier_names: options.map((o) => o.name),
      note: line.note,
      vat_rate: item.vat_rate,
      // The kitchen reads the allergens as they were ordered, not as the menu says later.
      allergens: combineAllergens([item.allergens, ...options.map((o) => o.allergens)]),
    };
  });

  const food = lines.reduce((sum, line) => sum + line.line_total, 0);
  if (food < minimum) {
    throw rule(
      'lines',
      `The minimum order for ${minimumWhat} is ${money(minimum)}. Add ${money(minimum - food)} more.`,
    );
  }

  // When: ASAP while open, or exactly one of the slots offered now.
  const timingStore = { ...store, hours: agg.hours.filter((h) => h.storeId === store.id) };
  let scheduledFor: Date;
  if (body.when === 'asap') {
    if (!openingState(timingStore.hours, at, config.timeZone, store.specialDays).isOpen) {
      throw rule('when', `${store.name} is closed right now. Choose a later time.`);
    }
    const travel = body.order_type === 'delivery' ? store.deliveryMinutes : 0;
    const lead = store.preparationMinutes + store.busyExtraMinutes + travel;
    scheduledFor = new Date(at.getTime() + lead * 60_000);
  } else {
    scheduledFor = new Date(body.when);
    if (!isOfferedSlot(timingStore, body.order_type, scheduledFor, at, config.timeZone)) {
      throw rule('when', 'That time is no longer available. Please choose another.');
    }
  }

  if (body.payment_method === 'cash' && !store.acceptsCash) {
    throw rule('payment_method', `${store.name} takes card payments only.`);
  }
  return { store, address, deliveryFee, lines, food, scheduledFor, priceChanges };
}

/** An earlier request with the same Idempotency-Key: its answer, or a 409. */
function replay(earlier: { requestHash: string; responseBody: unknown } | undefined, hash: string) {
  if (earlier && earlier.requestHash !== hash) {
    throw new AppError(
      409,
      'idempotency_conflict',
      'This Idempotency-Key was already used for a different order.',
    );
  }
  if (earlier?.responseBody) return earlier.responseBody as OrderCreated;
  throw new AppError(409, 'idempotency_in_flight', 'This order is still being placed.');
}

/**
 * POST /api/order. Checks every rule against the server's own data and prices everything
 * itself (planOrder), then writes: the Idempotency-Key, the promo code's uses under its lock,
 * the card payment, the order with its number and its payment (one statement) and (for cash)
 * its confirmation, in one short transaction when there is more than the one statement. With
 * an Idempotency-Key the same body gets the first answer again, another body a 409.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  shop: Shop,
  owner: Owner,
  body: OrderRequest,
  idempotencyKey: string | undefined,
  read: { address?: SessionAddress } = {},
): Promise<OrderCreated> {
  const hash = idempotencyKey ? requestHash(body) : '';
  if (idempotencyKey) {
    const earlier = await findIdempotencyKey(deps.db, owner, idempotencyKey);
    if (earlier) return replay(earlier, hash);
  }
  const at = deps.now();
  const { agg } = shop;
  const config = agg.tenant.config;
  const money = (minor: number) => formatMoney(minor, config.currency);
  const plan = await planOrder(deps, shop, owner, body, at, read.address);
  const code = body.promo_code;
  let promo = code
    ? checkPromoTerms(await findPromo(deps.db, agg.tenant.id, code), code, plan.food, at, money)
    : null;
  const totals = orderTotals(plan.lines, plan.deliveryFee, promo);
  const cash = body.payment_method === 'cash';
  const orderId = randomUUID();
  const account = !cash && deps.card ? cardAccountOf(deps.card, agg.tenant) : null;

  // One statement writes the order and its payment; a transaction is needed only when more
  // than that must hold together: the key, the promo's lock, the cash confirmation's outbox.
  let queued = false;
  const write = async (ex: Executor): Promise<OrderCreated | null> => {
    if (idempotencyKey && !(await claimIdempotencyKey(ex, owner, idempotencyKey, hash))) {
      return null; // Another request has the key: read its answer once this ends.
    }
    // A card intent first (no lock is held but the key's): if anything below fails, nobody has
    // its client secret, so nobody can pay it, and it lapses.
    const intent =
      !cash && deps.card
        ? await deps.card.createPayment({
            account,
            applicationFee: platformFeeOf(totals.total, account, agg.tenant.payments),
            orderId,
            tenantId: agg.tenant.id,
            amount: totals.total,
            currency: config.currency.value,
            description: `${agg.tenant.websiteName} order for ${money(totals.total)}`,
            captureAtOnce: capturesAtCheckout(plan.scheduledFor, at),
          })
        : null;
    if (promo) {
      // Its uses, counted under its lock so the last one cannot be taken twice.
      promo = (await lockPromo(ex, agg.tenant.id, promo.code)) ?? promo;
      await checkPromoUses(ex, agg.tenant.id, promo, owner.customerId);
    }
    const status = cash ? 'placed' : 'pending_payment';
    const newOrder: NewOrder = {
      id: orderId,
      tenantId: agg.tenant.id,
      customerId: owner.customerId,
      storeId: plan.store.id,
      storeName: plan.store.name,
      storePhone: plan.store.phone,
      orderType: body.order_type,
      address: plan.address,
      asap: body.when === 'asap',
      scheduledFor: plan.scheduledFor,
      lines: plan.lines,
      subtotal: totals.subtotal,
      deliveryFee: totals.delivery_fee,
      discount: totals.discount,
      total: totals.total,
      vat: totals.vat,
      currency: config.currency.value,
      promoId: promo?.id ?? null,
      promoCode: promo?.code ?? null,
      notes: body.notes,
      status,
      statusHistory: [{ status, at: at.toISOString() }],
      createdAt: at,
      updatedAt: at,
    };
    const payment: NewPayment = {
      method: body.payment_method,
      provider: cash ? 'cash' : deps.card ? 'stripe' : 'demo',
      status: cash
        ? body.order_type === 'delivery'
          ? 'pay_on_delivery'
          : 'pay_on_collection'
        : (intent?.status ?? 'requires_payment'),
      amount: totals.total,
      currency: config.currency.value,
      intentId: intent?.intentId ?? null,
      clientSecret: intent?.clientSecret ?? null,
      stripeAccount: intent ? account : null,
    };
    const number = await insertOrderWithPayment(ex, newOrder, payment);
    const order = { ...newOrder, number, promisedAt: null, unwatchedAlertAt: null, printCount: 0 };
    if (cash) queued = await queueConfirmation(ex, agg, order);
    const created: OrderCreated = {
      order: toOrder(order, payment, vatSupplierOf(agg.tenant)),
      payment: {
        provider: payment.provider,
        status: payment.status,
        client_secret: payment.clientSecret,
        publishable_key: payment.provider === 'stripe' ? deps.card!.publishableKey : null,
        stripe_account: payment.stripeAccount,
      },
      price_changes: plan.priceChanges,
    };
    if (idempotencyKey) await saveIdempotentResponse(ex, owner, idempotencyKey, 200, created);
    return created;
  };
  const result =
    idempotencyKey || promo || cash ? await deps.db.transaction(write) : await write(deps.db);
  if (queued) deps.onMessageQueued();
  return result ?? replay(await findIdempotencyKey(deps.db, owner, idempotencyKey!), hash);
}

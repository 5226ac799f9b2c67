import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import type { OrderCreated } from '@servery/contract/order';
import { orders, payments } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { cardSetupNote } from './card-account.ts';

// Issue 17, point 1: each shop is paid into its own Stripe account (Connect, direct charges),
// with the platform's fee; production refuses cards for a shop without an account.
const SECRET = 'sk_test_connect';
const WEBHOOK_SECRET = 'whsec_platform';
const CONNECT_SECRET = 'whsec_connect';
const clock = testClock('2026-11-17T12:00:00Z');
const stripe = new Stripe(SECRET);
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

/** A shop of the test catalogue paid into `account` (none: no Stripe account of its own). */
function shopWith(account?: string, fee?: number) {
  const doc = makeCatalogueDocument();
  return {
    ...doc,
    ...(account
      ? {
          payments: {
            stripe_account: account,
            ...(fee !== undefined ? { platform_fee_percent: fee } : {}),
          },
        }
      : {}),
  };
}
const curry = shopWith('acct_CurryHouse01', 5);
const pizza = shopWith('acct_PizzaPlace02');
const noAccount = shopWith();
const direct = shopWith();
interface Customer {
  host: string;
  token: string;
  storeId: string;
  itemId: string;
}
const customers = new Map<string, Customer>();
let curryOwner: StaffAgent;
let pizzaOwner: StaffAgent;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET);
  ctx = await createTestApp({
    now: clock.now,
    stripe: {
      secretKey: SECRET,
      publishableKey: 'pk_test_connect',
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_SECRET,
      apiUrl: fake.url,
      // As in production: a shop needs its own account, but the direct shop uses the platform's.
      connect: { required: true, directShop: direct.slug },
    },
  });
  for (const shop of [curry, pizza, noAccount, direct]) {
    await importTestTenant(ctx.db, shop);
    const host = shop.hosts[0]!.host;
    const { token } = await signInCustomer(ctx.app, ctx.db, host, {
      email: `eater@${shop.slug}.test`,
    });
    const stores = (
      await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host } })
    ).json().data as StoreSummary[];
    const menu = (
      await ctx.app.inject({ method: 'GET', url: `/api/menu/${stores[0]!.id}`, headers: { host } })
    ).json();
    customers.set(shop.slug, {
      host,
      token,
      storeId: stores[0]!.id,
      itemId: menu.data.categories[1].items[0].id,
    });
  }
  curryOwner = await staffAgent(ctx.app, ctx.db, curry, 'owner');
  pizzaOwner = await staffAgent(ctx.app, ctx.db, pizza, 'owner');
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

function order(slug: string, method: 'card' | 'cash' = 'card') {
  const c = customers.get(slug)!;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { host: c.host, authorization: `Bearer ${c.token}` },
    payload: {
      store_id: c.storeId,
      order_type: 'collection',
      when: 'asap',
      lines: [{ item_id: c.itemId, quantity: 4 }],
      payment_method: method,
    },
  });
}
/** The customer's card is confirmed: Stripe holds the amount on the shop's account. */
async function confirmCard(slug: string, created: OrderCreated) {
  fake.intentOf(created.order.id)!.status = 'requires_capture';
  const c = customers.get(slug)!;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/order/payment/status',
    headers: { host: c.host, authorization: `Bearer ${c.token}` },
    payload: { order_id: created.order.id },
  });
  expect(res.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
}
const desk = (agent: StaffAgent, id: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: agent.headers,
    payload: body,
  });
const callsFor = (intentId: string) =>
  fake.requests.filter(
    (r) => r.url.includes(intentId) || r.form.get('payment_intent') === intentId,
  );

describe('Stripe Connect', () => {
  it('pays two shops into their own accounts: the intent, its fee, the capture and the release all name the account', async () => {
    const paidCurry = await order(curry.slug);
    expect(paidCurry.statusCode).toBe(200);
    const curryOrder = paidCurry.json().data as OrderCreated;
    expect(curryOrder.payment.stripe_account).toBe('acct_CurryHouse01');
    const curryIntent = fake.intentOf(curryOrder.order.id)!;
    expect(curryIntent).toMatchObject({
      account: 'acct_CurryHouse01',
      amount: curryOrder.order.total,
      application_fee_amount: Math.round(curryOrder.order.total * 0.05),
      capture_method: 'manual',
    });

    const paidPizza = await order(pizza.slug);
    const pizzaOrder = paidPizza.json().data as OrderCreated;
    const pizzaIntent = fake.intentOf(pizzaOrder.order.id)!;
    expect(pizzaIntent).toMatchObject({
      account: 'acct_PizzaPlace02',
      application_fee_amount: null,
    });

    await confirmCard(curry.slug, curryOrder);
    await confirmCard(pizza.slug, pizzaOrder);
    // The curry house accepts (its card is charged on its account); the pizzeria rejects (its
    // hold is lifted on its account).
    expect(
      (await desk(curryOwner, curryOrder.order.id, { status: 'accepted', minutes: 20 })).json().data
        .payment.status,
    ).toBe('succeeded');
    expect(
      (
        await desk(pizzaOwner, pizzaOrder.order.id, { status: 'rejected', reason: 'too_busy' })
      ).json().data.payment.status,
    ).toBe('released');
    expect(curryIntent.status).toBe('succeeded');
    expect(pizzaIntent.status).toBe('canceled');
    for (const call of callsFor(curryIntent.id))
      expect(call.account, call.url).toBe('acct_CurryHouse01');
    for (const call of callsFor(pizzaIntent.id))
      expect(call.account, call.url).toBe('acct_PizzaPlace02');
    expect(callsFor(curryIntent.id).map((c) => c.url)).toContain(
      `/v1/payment_intents/${curryIntent.id}/capture`,
    );
  });

  it('refuses cards, clearly, at a shop without an account, and saves nothing; cash still works', async () => {
    const before = fake.requests.length;
    const res = await order(noAccount.slug);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 422,
      message: `${noAccount.websiteName} does not take card payments online yet. Please choose cash.`,
      errors: {
        payment_method: `${noAccount.websiteName} does not take card payments online yet. Please choose cash.`,
      },
    });
    expect(fake.requests.length).toBe(before);
    const tenantId = (await findTenantBySlug(ctx.db, noAccount.slug))!.id;
    const ordersOfShop = () => ctx.db.select().from(orders).where(eq(orders.tenantId, tenantId));
    expect(await ordersOfShop()).toEqual([]);
    expect((await order(noAccount.slug, 'cash')).statusCode).toBe(200);
    expect(await ordersOfShop()).toHaveLength(1);
    // The shop the deployment names as paid directly uses the platform's own account.
    const platform = await order(direct.slug);
    expect(platform.statusCode).toBe(200);
    expect(fake.intentOf(platform.json().data.order.id)!.account).toBeNull();
  });

  it('takes webhook news from the payment’s own account only', async () => {
    const created = (await order(curry.slug)).json().data as OrderCreated;
    const intent = fake.intentOf(created.order.id)!;
    const event = (id: string, account: string | undefined) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'payment_intent.amount_capturable_updated',
        created: Math.floor(clock.now().getTime() / 1000) + 60,
        ...(account ? { account } : {}),
        data: { object: { ...intent, status: 'requires_capture' } },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: CONNECT_SECRET,
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const paymentOf = async () =>
      (await ctx.db.select().from(payments).where(eq(payments.orderId, created.order.id)))[0]!;
    // Signed with the Connect endpoint's secret but about another account: ignored.
    expect((await event('evt_wrong_account', 'acct_PizzaPlace02')).statusCode).toBe(200);
    expect((await paymentOf()).status).toBe('requires_payment');
    expect((await event('evt_right_account', 'acct_CurryHouse01')).statusCode).toBe(200);
    expect((await paymentOf()).status).toBe('authorised');
  });

  it('says at import when a shop cannot take cards in production', () => {
    const env = { production: true, stripe: true, directShop: 'the-direct-one' };
    expect(cardSetupNote({ slug: 'no-account', payments: null }, env)).toMatch(
      /"no-account" has no payments.stripe_account, so in production it cannot take card payments/,
    );
    expect(
      cardSetupNote({ slug: 'paid', payments: { stripe_account: 'acct_123456' } }, env),
    ).toBeNull();
    expect(cardSetupNote({ slug: 'the-direct-one', payments: null }, env)).toBeNull();
    expect(
      cardSetupNote({ slug: 'dev', payments: null }, { production: false, stripe: true }),
    ).toBeNull();
    // A demo deployment (test cards, no Stripe keys) needs no account.
    expect(
      cardSetupNote({ slug: 'demo', payments: null }, { production: true, stripe: false }),
    ).toBeNull();
  });
});

import Stripe from 'stripe';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import type { OrderCreated } from '@servery/contract/order';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signIn, testClock } from '../../../test/sign-in.ts';
import { startFakeStripe, type FakeIntent } from '../../../test/fake-stripe.ts';
import { createTestApp } from '../../../test/test-app.ts';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
const host = shop.hosts[0]!.host;
const WEBHOOK_SECRET = 'whsec_servery_test';
const stripe = new Stripe('sk_test_servery');
let token = '';
let storeId = '';
let naanId = '';

beforeAll(async () => {
  fake = await startFakeStripe('sk_test_servery');
  ctx = await createTestApp({
    now: clock.now,
    stripe: {
      secretKey: 'sk_test_servery',
      publishableKey: 'pk_test_servery',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    },
  });
  await importTestTenant(ctx.db, shop);
  token = (await signIn(ctx.app, ctx.db, host, { email: 'card@example.com' })).token;
  const stores = (
    await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host } })
  ).json().data as StoreSummary[];
  storeId = stores[0]!.id;
  const menu = (
    await ctx.app.inject({ method: 'GET', url: `/api/menu/${storeId}`, headers: { host } })
  ).json();
  naanId = menu.data.categories[1].items[0].id;
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function placeCardOrder(): Promise<OrderCreated> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { host, authorization: `Bearer ${token}` },
    payload: {
      store_id: storeId,
      order_type: 'collection',
      when: 'asap',
      lines: [{ item_id: naanId, quantity: 3 }],
      payment_method: 'card',
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}

/** A webhook call signed as Stripe signs them (the SDK's own test helper). */
function webhook(
  event: object,
  { secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      host: 'anything.example',
      'content-type': 'application/json',
      'stripe-signature': signature,
    },
    payload,
  });
}
const intentEvent = (id: string, type: string, created: number, intent: FakeIntent) => ({
  id,
  object: 'event',
  type,
  created,
  data: { object: intent },
});
const orderOf = async (id: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: { host, authorization: `Bearer ${token}` },
    })
  ).json().data;
const confirmations = async (orderNumber: number) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(outboxMessages.subject, `Order ${orderNumber} from ${shop.websiteName} is confirmed`),
        ),
      )
  )[0]!.n;

describe('the Stripe adapter', () => {
  it('creates one PaymentIntent per order and hands the browser its client secret', async () => {
    const created = await placeCardOrder();
    expect(created.payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      publishable_key: 'pk_test_servery',
    });
    expect(created.payment.client_secret).toMatch(/^pi_\w+_secret_abc$/);
    const call = fake.requests.find((r) => r.method === 'POST')!;
    expect(call.form.get('amount')).toBe('1050');
    expect(call.form.get('currency')).toBe('gbp');
    expect(call.form.get('metadata[order_id]')).toBe(created.order.id);
    expect(call.idempotencyKey).toBe(`order-${created.order.id}`);
    // Held, not charged: the shop's accept takes the money (issue 14, point 3).
    expect(call.form.get('capture_method')).toBe('manual');
    // The order page can pay it later: its owner gets the secret back while it is unpaid.
    expect((await orderOf(created.order.id)).payment).toMatchObject({
      client_secret: created.payment.client_secret,
      publishable_key: 'pk_test_servery',
    });
  });

  it('asks Stripe for the state (3-D Secure pending, then held), never the client', async () => {
    const created = await placeCardOrder();
    const intent = fake.intentOf(created.order.id)!;
    const refresh = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/order/payment/status',
        headers: { host, authorization: `Bearer ${token}` },
        payload: { order_id: created.order.id, status: 'succeeded' },
      });
    intent.status = 'requires_action';
    expect((await refresh()).json().data).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'requires_action' },
    });
    // The card is confirmed: Stripe holds the amount until the shop accepts the order.
    intent.status = 'requires_capture';
    expect((await refresh()).json().data).toMatchObject({
      status: 'placed',
      payment: { status: 'authorised' },
    });
    expect(await confirmations(created.order.number)).toBe(1);
  });

  it('a declined card leaves the order waiting for another card', async () => {
    const created = await placeCardOrder();
    const intent = fake.intentOf(created.order.id)!;
    const declined = { ...intent, last_payment_error: { message: 'Your card was declined.' } };
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await webhook(intentEvent('evt_declined', 'payment_intent.payment_failed', now, declined)))
        .statusCode,
    ).toBe(200);
    expect(await orderOf(created.order.id)).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('fulfils once however often the event comes, and ignores older news after it', async () => {
    const created = await placeCardOrder();
    const intent = fake.intentOf(created.order.id)!;
    const now = Math.floor(Date.now() / 1000);
    const succeeded = intentEvent('evt_paid', 'payment_intent.succeeded', now, {
      ...intent,
      status: 'succeeded',
    });
    for (let i = 0; i < 10; i++) {
      const answer = await webhook(succeeded);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 200, message: 'Received', data: null });
    }
    // An earlier failure arriving late changes nothing.
    const late = intentEvent('evt_late', 'payment_intent.payment_failed', now - 60, {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { message: 'Declined' },
    });
    expect((await webhook(late)).statusCode).toBe(200);
    const order = await orderOf(created.order.id);
    expect(order).toMatchObject({ status: 'placed', payment: { status: 'succeeded' } });
    expect(order.status_history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'placed',
    ]);
    expect(await confirmations(created.order.number)).toBe(1);
  });

  it('refuses a bad signature and a stale timestamp, changing nothing', async () => {
    const created = await placeCardOrder();
    const intent = fake.intentOf(created.order.id)!;
    const event = intentEvent(
      'evt_forged',
      'payment_intent.succeeded',
      Math.floor(Date.now() / 1000),
      {
        ...intent,
        status: 'succeeded',
      },
    );
    const forged = await webhook(event, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature is not valid or is too old.');
    const stale = await webhook(
      { ...event, id: 'evt_stale' },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    expect(stale.statusCode).toBe(400);
    expect((await orderOf(created.order.id)).status).toBe('pending_payment');
  });
});

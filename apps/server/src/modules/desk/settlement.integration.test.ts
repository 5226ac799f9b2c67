import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 14, point 3: a card is held at checkout, charged when the shop accepts, and never
// charged for food the customer will not get.
const SECRET = 'sk_test_refunds';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeTenantDocument();
let owner: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  fake = await startFakeStripe(SECRET);
  ctx = await createTestApp({
    stripe: {
      secretKey: SECRET,
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: fake.url,
    },
  });
  await importTestTenant(ctx.db, shop);
  const tenant = (await findTenantBySlug(ctx.db, shop.slug))!;
  where = { tenantId: tenant.id, storeId: (await storesOfTenant(ctx.db, tenant.id))[0]!.id };
  owner = await staffAgent(ctx.app, ctx.db, shop, 'owner');
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** A PaymentIntent whose card was confirmed, as Stripe holds it: held (manual capture) or paid. */
async function confirmedIntent(orderId: string, status: 'requires_capture' | 'succeeded') {
  await fetch(`${fake.url}/v1/payment_intents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      amount: '2190',
      currency: 'gbp',
      capture_method: status === 'requires_capture' ? 'manual' : 'automatic',
      'metadata[order_id]': orderId,
    }),
  });
  const intent = fake.intentOf(orderId)!;
  intent.status = status;
  return intent.id;
}
/** A placed card order through Stripe whose card is held, or was charged at checkout. */
async function stripeOrder(status: 'requires_capture' | 'succeeded' = 'requires_capture') {
  const id = randomUUID();
  await insertTestOrder(ctx.db, where, {
    id,
    payment: 'card',
    stripeIntent: await confirmedIntent(id, status),
    paymentStatus: status === 'succeeded' ? 'succeeded' : 'authorised',
  });
  return id;
}
const paymentOf = async (orderId: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const move = (id: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: owner.headers,
    payload: body,
  });
const calls = (id: string, step: string) =>
  fake.requests.filter((r) => r.url === `/v1/payment_intents/${fake.intentOf(id)!.id}/${step}`);

describe('money follows the decision', () => {
  it('charges a held card when the shop accepts the order, once', async () => {
    const id = await stripeOrder();
    const res = await move(id, { status: 'accepted', minutes: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment).toMatchObject({ status: 'succeeded', paid: true });
    expect(fake.intentOf(id)!.status).toBe('succeeded');
    expect(calls(id, 'capture').map((r) => r.idempotencyKey)).toEqual([`capture-${id}-0`]);
    expect((await paymentOf(id)).status).toBe('succeeded');
    // Moving on and sweeping charge nothing again.
    expect((await move(id, { status: 'preparing' })).statusCode).toBe(200);
    await ctx.app.deskSweeper.sweep();
    expect(calls(id, 'capture')).toHaveLength(1);
  });

  it('lifts the hold when the shop rejects the order: nothing is charged or refunded', async () => {
    const id = await stripeOrder();
    const refundsBefore = fake.refunds.length;
    const res = await move(id, { status: 'rejected', reason: 'item_unavailable' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment.status).toBe('released');
    expect(fake.intentOf(id)!.status).toBe('canceled');
    expect(calls(id, 'capture')).toHaveLength(0);
    expect(calls(id, 'cancel').map((r) => r.idempotencyKey)).toEqual([`release-${id}-0`]);
    expect(fake.refunds).toHaveLength(refundsBefore);
  });

  it('refunds in full an order charged at checkout (due days ahead) when it is rejected, once', async () => {
    const id = await stripeOrder('succeeded');
    const res = await move(id, { status: 'rejected', reason: 'item_unavailable' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment.status).toBe('refunded');
    expect(fake.refunds.filter((r) => r.payment_intent === fake.intentOf(id)!.id)).toEqual([
      {
        id: expect.stringMatching(/^re_/),
        payment_intent: fake.intentOf(id)!.id,
        amount: 2190,
        idempotencyKey: `refund-${id}-0`,
        // Marked as ours: its webhook news is not taken for a refund made in the dashboard.
        metadata: { made_by: 'servery' },
      },
    ]);
    await ctx.app.deskSweeper.sweep();
    expect(fake.refunds.filter((r) => r.payment_intent === fake.intentOf(id)!.id)).toHaveLength(1);
  });

  it('refunds an accepted order the shop then cancels', async () => {
    const id = await stripeOrder();
    await move(id, { status: 'accepted', minutes: 15 });
    const res = await move(id, { status: 'cancelled' });
    expect(res.json().data.payment.status).toBe('refunded');
    expect(fake.intentOf(id)!.status).toBe('succeeded');
    expect(fake.refunds.filter((r) => r.payment_intent === fake.intentOf(id)!.id)).toHaveLength(1);
  });

  it('does the same in test mode, and leaves cash alone', async () => {
    const accepted = await insertTestOrder(ctx.db, where, { payment: 'card' });
    expect((await paymentOf(accepted.id)).status).toBe('authorised');
    await move(accepted.id, { status: 'accepted', minutes: 10 });
    expect((await paymentOf(accepted.id)).status).toBe('succeeded');
    expect((await move(accepted.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await paymentOf(accepted.id)).status).toBe('refunded');
    const rejected = await insertTestOrder(ctx.db, where, { payment: 'card' });
    await move(rejected.id, { status: 'rejected', reason: 'too_busy' });
    expect((await paymentOf(rejected.id)).status).toBe('released');
    const cash = await insertTestOrder(ctx.db, where);
    await move(cash.id, { status: 'rejected', reason: 'closing' });
    expect((await paymentOf(cash.id)).status).toBe('pay_on_collection');
  });

  it('keeps a step Stripe refused pending, and the sweeper finishes it once Stripe takes it', async () => {
    // A capture Stripe cannot make yet (the intent is still processing).
    const charged = await stripeOrder();
    fake.intentOf(charged)!.status = 'processing';
    expect((await move(charged, { status: 'accepted', minutes: 10 })).statusCode).toBe(200);
    expect((await paymentOf(charged)).status).toBe('capture_pending');
    // A refund Stripe cannot make yet.
    const refunded = await stripeOrder('succeeded');
    fake.intentOf(refunded)!.status = 'processing';
    await move(refunded, { status: 'rejected', reason: 'too_busy' });
    expect((await paymentOf(refunded)).status).toBe('refund_pending');
    fake.intentOf(charged)!.status = 'requires_capture';
    fake.intentOf(refunded)!.status = 'succeeded';
    await ctx.app.deskSweeper.sweep();
    expect((await paymentOf(charged)).status).toBe('succeeded');
    expect((await paymentOf(refunded)).status).toBe('refunded');
  });

  it('does not refund twice when a refund went through but its answer was lost', async () => {
    const id = await stripeOrder('succeeded');
    // The refund reached Stripe, then the process died before it wrote down the outcome.
    await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: fake.intentOf(id)!.id }),
    });
    await move(id, { status: 'rejected', reason: 'too_busy' });
    expect((await paymentOf(id)).status).toBe('refunded');
    expect(fake.refunds.filter((r) => r.payment_intent === fake.intentOf(id)!.id)).toHaveLength(1);
  });

  it('marks an order unpaid when the hold lapsed before the shop accepted it', async () => {
    const id = await stripeOrder();
    fake.intentOf(id)!.status = 'canceled';
    expect((await move(id, { status: 'accepted', minutes: 10 })).statusCode).toBe(200);
    const payment = await paymentOf(id);
    expect(payment.status).toBe('cancelled');
    expect(payment.failureMessage).toMatch(/lapsed/);
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: owner.headers,
    });
    expect(desk.json().data.payment.paid).toBe(false);
  });
});

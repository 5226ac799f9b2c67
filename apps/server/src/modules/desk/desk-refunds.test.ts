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

// Issue 14, point 3: the customer is never charged for food they will not get.
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

/** A PaymentIntent the card has paid, as Stripe holds it. */
async function paidIntent(orderId: string) {
  await fetch(`${fake.url}/v1/payment_intents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ amount: '2190', currency: 'gbp', 'metadata[order_id]': orderId }),
  });
  const intent = fake.intentOf(orderId)!;
  intent.status = 'succeeded';
  return intent.id;
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

describe('money follows the decision', () => {
  it('refunds a Stripe payment in full when the shop rejects the order, once', async () => {
    const id = randomUUID();
    await insertTestOrder(ctx.db, where, {
      id,
      payment: 'card',
      stripeIntent: await paidIntent(id),
    });
    const res = await move(id, { status: 'rejected', reason: 'item_unavailable' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment.status).toBe('refunded');
    expect(fake.refunds).toEqual([
      { payment_intent: fake.intentOf(id)!.id, amount: 2190, idempotencyKey: `refund-${id}` },
    ]);
    expect((await paymentOf(id)).status).toBe('refunded');
    // Swept afterwards: nothing is refunded twice.
    await ctx.app.deskSweeper.sweep();
    expect(fake.refunds).toHaveLength(1);
  });

  it('gives back a test-mode payment when an accepted order is cancelled, and leaves cash alone', async () => {
    const card = await insertTestOrder(ctx.db, where, { payment: 'card', status: 'accepted' });
    expect((await move(card.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await paymentOf(card.id)).status).toBe('refunded');
    const cash = await insertTestOrder(ctx.db, where);
    await move(cash.id, { status: 'rejected', reason: 'closing' });
    expect((await paymentOf(cash.id)).status).toBe('pay_on_collection');
  });

  it('keeps a refund Stripe refused pending, and the sweeper makes it once Stripe takes it', async () => {
    const id = randomUUID();
    await insertTestOrder(ctx.db, where, {
      id,
      payment: 'card',
      stripeIntent: await paidIntent(id),
    });
    // Stripe refuses for now (the intent is not in a refundable state yet).
    fake.intentOf(id)!.status = 'processing';
    await move(id, { status: 'rejected', reason: 'too_busy' });
    expect((await paymentOf(id)).status).toBe('refund_pending');
    fake.intentOf(id)!.status = 'succeeded';
    await ctx.app.deskSweeper.sweep();
    expect((await paymentOf(id)).status).toBe('refunded');
  });
});

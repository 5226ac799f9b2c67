import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, payments, refunds } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { tradingDate } from '@servery/contract/trading-day';
import {
  chargeRefundedEvent,
  signedWebhook,
  stripeEvent,
} from '../../../test/fake-stripe-events.ts';

// Issue 29 point 4 / decision 0039: a refund made in the Stripe dashboard reaches the reports
// through Stripe's webhook; a refund made from the back office is never counted twice.
const s = useBackOfficeShop();
const webhook = async (event: object) => {
  const res = await s.ctx.app.inject(signedWebhook(event, 'whsec_x'));
  expect(res.statusCode).toBe(200);
};
// The trading day open now (decision 80: from 4:00 AM), so the test reads the same day after midnight.
const today = tradingDate(new Date(), 'Europe/London');
const dayReport = async () =>
  (
    await s.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/reports/sales?from=${today}&to=${today}&store_id=${s.main.storeId}`,
      headers: s.manager.headers,
    })
  ).json().data as { refunds: number; net: number; card: number };
const customerPage = async (customerId: string) =>
  (
    await s.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${customerId}`,
      headers: s.manager.headers,
    })
  ).json().data.order_history as { id: string; refunded: number }[];
const refundsOf = (orderId: string) =>
  s.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const refundedOf = async (orderId: string) =>
  (await s.ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.refunded;

describe('Stripe refund webhooks', () => {
  it('records a dashboard refund once, however many of its events arrive, and reports it', async () => {
    const order = await s.stripeOrder();
    const before = await dayReport();
    const refund = s.fake.dashboardRefund(order.intentId, 500);
    const created = stripeEvent('refund.created', refund);
    await webhook(created);
    await webhook(created); // Stripe delivers an event again when unsure
    await webhook(chargeRefundedEvent(order.intentId, 2190, [refund]));
    await webhook(stripeEvent('refund.updated', refund));

    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        amount: 500,
        method: 'card',
        status: 'succeeded',
        providerRefundId: refund.id,
        reason: 'Refunded in the Stripe dashboard',
        createdBy: 'Stripe dashboard',
      }),
    ]);
    expect(await refundedOf(order.id)).toBe(500);
    const after = await dayReport();
    expect(after.refunds - before.refunds).toBe(500);
    expect(before.net - after.net).toBe(500);
    expect(before.card - after.card).toBe(500);
    expect((await customerPage(order.customerId))[0]).toMatchObject({ refunded: 500 });
    const [mail] = await s.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, order.id));
    expect(mail).toMatchObject({ kind: 'order_refund', recipient: order.customerEmail });
    const [audit] = await s.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toMatchObject({ action: 'order.refunded', actorEmail: 'stripe' });
  });

  it('does not count again a refund made from the back office when Stripe tells of it', async () => {
    const order = await s.stripeOrder();
    const res = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: s.manager.headers,
      payload: { amount: 1095, reason: 'Missing dish', lines: [{ index: 0, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    const before = await dayReport();
    const made = s.fake.refunds.find((r) => r.payment_intent === order.intentId)!;
    const json = { ...made, object: 'refund', status: 'succeeded', created: 1 };
    await webhook(stripeEvent('refund.created', json));
    await webhook(chargeRefundedEvent(order.intentId, 2190, [json as never]));

    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundedOf(order.id)).toBe(1095);
    expect((await dayReport()).refunds).toBe(before.refunds);
  });

  it('gives the money back to the figures when Stripe says a refund failed', async () => {
    const order = await s.stripeOrder();
    const refund = s.fake.dashboardRefund(order.intentId, 700);
    await webhook(stripeEvent('refund.created', refund));
    expect(await refundedOf(order.id)).toBe(700);
    const before = await dayReport();
    await webhook(stripeEvent('refund.updated', { ...refund, status: 'failed' }));

    expect(await refundedOf(order.id)).toBe(0);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(before.refunds - (await dayReport()).refunds).toBe(700);
  });

  it('ignores a refund of a payment on another account, and one of an unknown payment', async () => {
    const order = await s.stripeOrder();
    const refund = s.fake.dashboardRefund(order.intentId, 300);
    await webhook(stripeEvent('refund.created', refund, 'acct_someone_else'));
    await webhook(stripeEvent('refund.created', { ...refund, payment_intent: 'pi_unknown' }));
    expect(await refundsOf(order.id)).toEqual([]);
  });
});

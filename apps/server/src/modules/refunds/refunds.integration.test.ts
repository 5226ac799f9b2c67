import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, payments, refunds } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import type { StaffAgent } from '../../../test/staff.ts';

// Issue 29 point 4: refunds from an order's detail, never more than was paid.
const s = useBackOfficeShop();

const refund = (orderId: string, body: object, agent: StaffAgent = s.manager, key?: string) =>
  s.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...agent.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const paymentOf = async (orderId: string) =>
  (await s.ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const refundsOf = (orderId: string) =>
  s.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('refunds one line of a card order through Stripe, tells the customer and audits it', async () => {
    const order = await s.stripeOrder();
    const res = await refund(order.id, {
      amount: 1095,
      reason: 'Missing dish',
      lines: [{ index: 0, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      amount: 1095,
      method: 'card',
      status: 'succeeded',
      lines: [{ index: 0, quantity: 1, name: 'Chicken tikka masala' }],
      created_by: s.manager.email,
    });
    expect(s.fake.refunds.filter((r) => r.payment_intent === order.intentId)).toEqual([
      {
        id: expect.stringMatching(/^re_/),
        payment_intent: order.intentId,
        amount: 1095,
        idempotencyKey: `refund-${data.id}`,
        // Stripe's news of this refund is then known as ours (provider-refunds.ts).
        metadata: { made_by: 'servery', refund_id: data.id },
      },
    ]);
    expect((await paymentOf(order.id)).refunded).toBe(1095);
    const [mail] = await s.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderId, order.id), eq(outboxMessages.kind, 'order_refund')));
    expect(mail).toMatchObject({ channel: 'email', recipient: order.customerEmail });
    expect(mail!.textBody).toContain('refunded £10.95');
    const [audit] = await s.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refunded')));
    expect(audit).toMatchObject({
      actorEmail: s.manager.email,
      after: expect.objectContaining({ amount: 1095 }),
    });
    const detail = await s.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: s.manager.headers,
    });
    expect(detail.json().data).toMatchObject({
      refunded: 1095,
      refundable: 1095,
      refunds: [{ id: data.id }],
    });
  });

  it('refunds the rest, then answers 409 for a penny more and changes nothing', async () => {
    const order = await s.stripeOrder();
    expect((await refund(order.id, { amount: 2190, reason: 'Very late' })).statusCode).toBe(201);
    const more = await refund(order.id, { amount: 1, reason: 'Again' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toContain('£0.00');
    expect((await paymentOf(order.id)).refunded).toBe(2190);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('never refunds a line more times than it was ordered, nor more than the lines cost', async () => {
    const order = await s.stripeOrder();
    const dear = await refund(order.id, {
      amount: 1096,
      reason: 'Cold',
      lines: [{ index: 0, quantity: 1 }],
    });
    expect(dear.statusCode).toBe(422);
    expect(dear.json().errors.amount).toBe('Those lines come to £10.95');
    const first = await refund(order.id, {
      amount: 1095,
      reason: 'Cold',
      lines: [{ index: 0, quantity: 1 }],
    });
    expect(first.statusCode).toBe(201);
    const twice = await refund(order.id, {
      amount: 1000,
      reason: 'Cold',
      lines: [{ index: 0, quantity: 2 }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ 'lines.0': 'Only 1 left to refund' });
    expect((await paymentOf(order.id)).refunded).toBe(1095);
  });

  it('tells the order detail how many of each line were refunded; a failed refund gave none', async () => {
    const order = await s.stripeOrder();
    const detail = async () =>
      (
        await s.ctx.app.inject({
          method: 'GET',
          url: `/api/admin/orders/${order.id}`,
          headers: s.manager.headers,
        })
      ).json().data;
    expect((await detail()).refunded_lines).toEqual([]);
    const one = { amount: 1095, reason: 'Cold', lines: [{ index: 0, quantity: 1 }] };
    expect((await refund(order.id, one)).statusCode).toBe(201);
    expect((await detail()).refunded_lines).toEqual([{ index: 0, quantity: 1 }]);
    s.fake.intentOf(order.id)!.status = 'canceled';
    expect((await refund(order.id, one)).statusCode).toBe(502);
    expect((await detail()).refunded_lines).toEqual([{ index: 0, quantity: 1 }]);
    s.fake.intentOf(order.id)!.status = 'succeeded';
    expect((await refund(order.id, one)).statusCode).toBe(201);
    expect(await detail()).toMatchObject({
      refunded_lines: [{ index: 0, quantity: 2 }],
      lines: [{ quantity: 2 }],
      refundable: 0,
    });
  });

  it('records a cash refund for a completed cash order; a cash order not yet paid has nothing to refund', async () => {
    const paid = await insertTestOrder(s.ctx.db, s.main, { status: 'completed' });
    const res = await refund(paid.id, { amount: 500, reason: 'Wrong drink' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ method: 'cash', status: 'succeeded', amount: 500 });
    const waiting = await insertTestOrder(s.ctx.db, s.main, { status: 'accepted' });
    const none = await refund(waiting.id, { amount: 500, reason: 'Wrong drink' });
    expect(none.statusCode).toBe(409);
    expect(await refundsOf(waiting.id)).toHaveLength(0);
  });

  it('gives back at most what was paid under concurrent requests', async () => {
    const order = await insertTestOrder(s.ctx.db, s.main, { status: 'accepted', payment: 'card' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(order.id, { amount: 800, reason: `Tap ${i}` }, s.owner),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await paymentOf(order.id)).refunded).toBe(1600);
    expect((await refundsOf(order.id)).reduce((sum, r) => sum + r.amount, 0)).toBe(1600);
  });

  it('makes one refund of a double tap (one Idempotency-Key), even at the same moment', async () => {
    const order = await s.stripeOrder();
    const key = `tap-${order.id}`;
    const [a, b] = await Promise.all([
      refund(order.id, { amount: 700, reason: 'Late' }, s.manager, key),
      refund(order.id, { amount: 700, reason: 'Late' }, s.manager, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(s.fake.refunds.filter((r) => r.payment_intent === order.intentId)).toHaveLength(1);
    const other = await refund(order.id, { amount: 100, reason: 'Late' }, s.manager, key);
    expect(other.statusCode).toBe(409);
  });

  it('says so and gives nothing back when Stripe refuses, and the amount stays refundable', async () => {
    const order = await s.stripeOrder();
    s.fake.intentOf(order.id)!.status = 'canceled';
    const res = await refund(order.id, { amount: 2190, reason: 'Late' });
    expect(res.statusCode).toBe(502);
    expect((await paymentOf(order.id)).refunded).toBe(0);
    expect(await refundsOf(order.id)).toMatchObject([{ status: 'failed' }]);
  });

  it('refuses staff (403), another store (404) and bad input (400), changing nothing', async () => {
    const order = await s.stripeOrder();
    expect((await refund(order.id, { amount: 100, reason: 'x' }, s.cook)).statusCode).toBe(403);
    const kiosk = await s.stripeOrder(s.kiosk);
    expect((await refund(kiosk.id, { amount: 100, reason: 'x' })).statusCode).toBe(404);
    const bad = await refund(order.id, { amount: -5, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['amount', 'reason']));
    expect((await paymentOf(order.id)).refunded).toBe(0);
    expect((await paymentOf(kiosk.id)).refunded).toBe(0);
  });
});

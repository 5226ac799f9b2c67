import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableTimings, OrderCreated } from '@servery/contract/order';
import { orders, outboxMessages, payments } from '../../db/schema.ts';
import { address, openOrderShop, promoCodes } from '../../../test/order-shop.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
});
afterAll(() => ctx.close());

const confirmationsTo = async (email: string) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'order_confirmation'), eq(outboxMessages.recipient, email)));

describe('GET /api/available-timings', () => {
  it('offers ASAP and quarter-hour slots from now plus the lead time', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const answer = await shop.call(
      'GET',
      `/api/available-timings?store_id=${shop.storeId}&order_type=collection`,
      undefined,
      token,
    );
    const timings = answer.json().data as AvailableTimings;
    // The factory store prepares in 25 minutes.
    expect(timings.asap).toEqual({
      available: true,
      at: '2026-11-17T12:25:00.000Z',
      minutes: 25,
      closes_at: null,
    });
    expect(timings.days[0]!.slots[0]).toEqual({
      at: '2026-11-17T12:30:00.000Z',
      label: '12:30 PM',
    });
    expect(timings.days[0]!.slots.at(-1)!.label).toBe('10:00 PM');
  });
});

describe('POST /api/order', () => {
  it('places a cash collection order priced by the server, numbered, with its confirmation queued', async () => {
    const shop = await openOrderShop(ctx);
    const ada = await shop.customer();
    const { curry, naan, dish } = shop;
    const answer = await shop.call(
      'POST',
      '/api/order',
      shop.collection({ lines: [{ ...curry(1, ['cashew']), unit_price: 1 }, naan(2)] }),
      ada.token,
    );
    expect(answer.statusCode).toBe(200);
    const { order, payment, price_changes } = answer.json().data as OrderCreated;
    expect(answer.json().message).toBe('Your order is placed.');
    expect(order).toMatchObject({
      // The shop's first order.
      number: 1001,
      status: 'placed',
      order_type: 'collection',
      asap: true,
      scheduled_for: '2026-11-17T12:25:00.000Z',
      subtotal: 1195 + 700,
      delivery_fee: 0,
      discount: 0,
      total: 1895,
      // 20% VAT inside £18.95.
      vat: Math.round((1195 * 20) / 120) + Math.round((700 * 20) / 120),
      payment: { method: 'cash', provider: 'cash', status: 'pay_on_collection' },
    });
    expect(order.lines[0]).toMatchObject({
      name: 'Chicken tikka masala',
      unit_price: 1195,
      modifier_names: ['Hot', 'Cashew sauce'],
    });
    // The client's price was ignored and the difference reported.
    expect(price_changes).toEqual([
      { item_id: dish['Chicken tikka masala'], name: 'Chicken tikka masala', was: 1, now: 1195 },
    ]);
    expect(payment).toEqual({
      provider: 'cash',
      status: 'pay_on_collection',
      client_secret: null,
      publishable_key: null,
      stripe_account: null,
    });
    const [mail] = await confirmationsTo(ada.email);
    // Issue 27, point 5: received, not confirmed, until the shop accepts.
    expect(mail!.subject).toBe(`${shop.doc.websiteName} has received your order 1001`);
    // The number the order's own insert drew, in each of its confirmation's texts (decision 55).
    expect(mail!.textBody).toContain('\nOrder 1001\n');
    expect(mail!.htmlBody).toContain('<strong>Order 1001</strong>');
    expect(`${mail!.subject} ${mail!.textBody} ${mail!.htmlBody}`).not.toContain('⟦');
    expect(mail!.textBody).toContain('will tell you as soon as the kitchen accepts it');
    expect(`${mail!.subject} ${mail!.textBody} ${mail!.htmlBody}`).not.toMatch(/confirm/i);
    expect(mail!.textBody).toContain('1 × Chicken tikka masala (Hot, Cashew sauce)  £11.95');
  });

  it('delivers with the zone’s fee and a promo code, and the demo card pays for it once', async () => {
    const shop = await openOrderShop(ctx, [promoCodes.welcome10]);
    const ada = await shop.customer();
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      shop.call(method, url, payload, ada.token);
    const addressId = (await call('POST', '/api/customer-addresses', address())).json().data.id;
    const answer = await call('POST', '/api/order', {
      store_id: shop.storeId,
      order_type: 'delivery',
      address_id: addressId,
      when: 'asap',
      lines: [shop.curry(2)],
      promo_code: 'welcome10',
      payment_method: 'card',
    });
    expect(answer.statusCode).toBe(200);
    const created = answer.json().data as OrderCreated;
    expect(created.order).toMatchObject({
      status: 'pending_payment',
      subtotal: 2190,
      discount: 219,
      delivery_fee: 250,
      total: 2190 - 219 + 250,
      promo_code: 'WELCOME10',
      address: { postcode: 'E1 6AN' },
      payment: { provider: 'demo', status: 'requires_payment' },
    });
    // Delivery lead: 25 minutes cooking and 20 on the road.
    expect(created.order.scheduled_for).toBe('2026-11-17T12:45:00.000Z');
    // Nothing is confirmed before the card pays.
    expect(await confirmationsTo(ada.email)).toHaveLength(0);

    const card = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    const paid = await call('POST', `/api/payments/demo/${created.order.id}/confirm`, card);
    expect(paid.statusCode).toBe(200);
    // Held, as Stripe's manual capture holds it: the shop's accept charges it.
    expect(paid.json().data).toMatchObject({ status: 'placed', payment: { status: 'authorised' } });
    expect(paid.json().data.status_history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'placed',
    ]);
    // Paying again changes nothing and sends nothing more.
    await call('POST', `/api/payments/demo/${created.order.id}/confirm`, card);
    expect(await confirmationsTo(ada.email)).toHaveLength(1);
    const status = await call('PUT', '/api/order/payment/status', { order_id: created.order.id });
    expect(status.json().data.status).toBe('placed');
  });

  it('declines a declined card and asks a 3-D Secure card to authenticate', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      shop.call(method, url, payload, token);
    const place = async () =>
      (
        (await call('POST', '/api/order', shop.collection({ payment_method: 'card' }))).json()
          .data as OrderCreated
      ).order.id;
    const first = await place();
    const declined = await call('POST', `/api/payments/demo/${first}/confirm`, {
      card_number: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().message).toBe('Your card was declined. Please try another card.');
    expect((await call('GET', `/api/orders/${first}`)).json().data).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });

    const second = await place();
    const secure = { card_number: '4000002760003184', expiry: '12/30', cvc: '123' };
    const challenged = await call('POST', `/api/payments/demo/${second}/confirm`, secure);
    expect(challenged.json().data.payment.status).toBe('requires_action');
    const approved = await call('POST', `/api/payments/demo/${second}/confirm`, {
      ...secure,
      authenticate: 'approve',
    });
    expect(approved.json().data).toMatchObject({
      status: 'placed',
      payment: { status: 'authorised' },
    });

    const bad = await call('POST', `/api/payments/demo/${second}/confirm`, {
      card_number: '4242424242424241',
      expiry: '01/20',
      cvc: '1',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('makes one order and one payment from the same order sent 50 times at once with one key', async () => {
    const shop = await openOrderShop(ctx);
    const { token } = await shop.customer();
    const key = 'same-key-for-fifty';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        shop.call('POST', '/api/order', shop.collection(), token, { 'idempotency-key': key }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const ids = new Set(answers.map((a) => a.json().data.order.id));
    expect(ids.size).toBe(1);
    const shopOrders = ctx.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.tenantId, shop.tenantId));
    expect((await shopOrders)[0]!.n).toBe(1);
    const [id] = [...ids];
    expect(
      (await ctx.db.select({ n: count() }).from(payments).where(eq(payments.orderId, id)))[0]!.n,
    ).toBe(1);
    const other = await shop.call(
      'POST',
      '/api/order',
      shop.collection({ notes: 'different' }),
      token,
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different order.',
    );
  });
});

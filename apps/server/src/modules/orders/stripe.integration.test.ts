import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderCreated } from '@servery/contract/order';
import { orders, outboxMessages } from '../../db/schema.ts';
import type { FakeIntent } from '../../../test/fake-stripe.ts';
import { signInCustomer } from '../../../test/sign-in.ts';
import { useStripeShop } from '../../../test/stripe-shop.ts';

const card = useStripeShop();
const { webhook } = card;

/**
 * A card order by a customer of its own: the same basket sent again by one customer while it
 * awaits payment is that order again (place-order.ts), so no test may share a customer.
 */
async function placeCardOrder(): Promise<{ created: OrderCreated; token: string }> {
  const email = `card-${randomUUID().slice(0, 8)}@example.com`;
  const { token } = await signInCustomer(card.ctx.app, card.ctx.db, card.shop.host, { email });
  const answer = await card.shop.call(
    'POST',
    '/api/order',
    {
      store_id: card.shop.storeId,
      order_type: 'collection',
      when: 'asap',
      lines: [{ item_id: card.shop.dish['Garlic naan']!, quantity: 3 }],
      payment_method: 'card',
    },
    token,
  );
  expect(answer.statusCode).toBe(200);
  return { created: answer.json().data, token };
}

const intentEvent = (id: string, type: string, created: number, intent: FakeIntent) => ({
  id,
  object: 'event',
  type,
  created,
  data: { object: intent },
});
const orderOf = async (id: string, token: string) =>
  (
    await card.ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: { host: card.shop.host, authorization: `Bearer ${token}` },
    })
  ).json().data;
const confirmations = async (orderNumber: number) =>
  (
    await card.ctx.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(
            outboxMessages.subject,
            `${card.shop.doc.websiteName} has received your order ${orderNumber}`,
          ),
        ),
      )
  )[0]!.n;

describe('the Stripe adapter', () => {
  it('creates one PaymentIntent per order and hands the browser its client secret', async () => {
    const { created, token } = await placeCardOrder();
    expect(created.payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      publishable_key: 'pk_test_servery',
    });
    expect(created.payment.client_secret).toMatch(/^pi_\w+_secret_abc$/);
    const calls = card.fake.requests.filter(
      (r) => r.method === 'POST' && r.form.get('metadata[order_id]') === created.order.id,
    );
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.form.get('amount')).toBe('1050');
    expect(call.form.get('currency')).toBe('gbp');
    expect(call.form.get('metadata[order_id]')).toBe(created.order.id);
    expect(call.idempotencyKey).toBe(`order-${created.order.id}`);
    // Held, not charged: the shop's accept takes the money (issue 14, point 3).
    expect(call.form.get('capture_method')).toBe('manual');
    // The order page can pay it later: its owner gets the secret back while it is unpaid.
    expect((await orderOf(created.order.id, token)).payment).toMatchObject({
      client_secret: created.payment.client_secret,
      publishable_key: 'pk_test_servery',
    });
  });

  it('asks Stripe for the state (3-D Secure pending, then held), never the client', async () => {
    const { created, token } = await placeCardOrder();
    const intent = card.fake.intentOf(created.order.id)!;
    const refresh = () =>
      card.ctx.app.inject({
        method: 'PUT',
        url: '/api/order/payment/status',
        headers: { host: card.shop.host, authorization: `Bearer ${token}` },
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
    const { created, token } = await placeCardOrder();
    const intent = card.fake.intentOf(created.order.id)!;
    const declined = { ...intent, last_payment_error: { message: 'Your card was declined.' } };
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await webhook(intentEvent('evt_declined', 'payment_intent.payment_failed', now, declined)))
        .statusCode,
    ).toBe(200);
    expect(await orderOf(created.order.id, token)).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('fulfils once however often the event comes, and ignores older news after it', async () => {
    const { created, token } = await placeCardOrder();
    // Decision 90: off the desk while it waits for the card, on it once paid.
    const offDesk = async () =>
      (
        await card.ctx.db
          .select({ at: orders.offDeskAt })
          .from(orders)
          .where(eq(orders.id, created.order.id))
      )[0]!.at;
    expect(await offDesk()).toBeInstanceOf(Date);
    const intent = card.fake.intentOf(created.order.id)!;
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
    const order = await orderOf(created.order.id, token);
    expect(order).toMatchObject({ status: 'placed', payment: { status: 'succeeded' } });
    expect(await offDesk()).toBeNull();
    expect(order.status_history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'placed',
    ]);
    expect(await confirmations(created.order.number)).toBe(1);
  });

  it('refuses a bad signature and a stale timestamp, changing nothing', async () => {
    const { created, token } = await placeCardOrder();
    const intent = card.fake.intentOf(created.order.id)!;
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
    expect((await orderOf(created.order.id, token)).status).toBe('pending_payment');
  });
});

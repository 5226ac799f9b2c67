import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated, OrderPage } from '@servery/contract/order';
import { signInCustomer } from '../../../test/sign-in.ts';
import { useStripeShop } from '../../../test/stripe-shop.ts';

// Issue 20 with Stripe: a declined card and the same checkout again make one order and one
// PaymentIntent, whose client secret the browser gets again for the next card.
const card = useStripeShop();
let token = '';

beforeAll(async () => {
  const { ctx, shop } = card;
  token = (await signInCustomer(ctx.app, ctx.db, shop.host, { email: 'retry@example.com' })).token;
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  card.shop.call(method, url, payload, token);
async function checkout(quantity: number): Promise<OrderCreated> {
  const answer = await call('POST', '/api/order', {
    store_id: card.shop.storeId,
    order_type: 'collection',
    when: 'asap',
    lines: [{ item_id: card.shop.dish['Garlic naan']!, quantity }],
    payment_method: 'card',
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
}
const intentsCreated = () =>
  card.fake.requests.filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents').length;

function declined(orderId: string) {
  const intent = card.fake.intentOf(orderId)!;
  const event = {
    id: `evt_declined_${orderId}`,
    object: 'event',
    type: 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent, last_payment_error: { message: 'Your card was declined.' } } },
  };
  return card.webhook(event, { host: card.shop.host });
}

describe('card orders with Stripe, asked once', () => {
  it('the same checkout after a declined card: the one order and its one PaymentIntent', async () => {
    const first = await checkout(2);
    expect((await declined(first.order.id)).statusCode).toBe(200);
    const before = intentsCreated();

    const again = await checkout(2);
    expect(again.order.id).toBe(first.order.id);
    expect(again.payment).toMatchObject({
      provider: 'stripe',
      status: 'failed',
      client_secret: first.payment.client_secret,
      publishable_key: 'pk_test_servery',
    });
    expect(intentsCreated()).toBe(before);

    // Another basket is another order, with its own intent; the list offers only the newest.
    const other = await checkout(4);
    expect(other.order.id).not.toBe(first.order.id);
    expect(intentsCreated()).toBe(before + 1);
    const page = (await call('GET', '/api/orders')).json().data as OrderPage;
    expect(page.orders.filter((o) => o.status === 'pending_payment').map((o) => o.id)).toEqual([
      other.order.id,
    ]);
  });

  it('one Idempotency-Key sent ten times at once: one order, one PaymentIntent', async () => {
    const body = {
      store_id: card.shop.storeId,
      order_type: 'collection',
      when: 'asap',
      lines: [{ item_id: card.shop.dish['Garlic naan']!, quantity: 7 }],
      payment_method: 'card',
    };
    const before = card.fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        card.shop.call('POST', '/api/order', body, token, {
          'idempotency-key': 'checkout-7-naans',
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const ids = new Set(answers.map((a) => a.json().data.order.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    // Each request asked Stripe for the order's intent under the order's one idempotency key.
    const asked = card.fake.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.url === '/v1/payment_intents');
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((r) => r.idempotencyKey))).toEqual(new Set([`order-${id}`]));
    expect(answers[0]!.json().data.payment.client_secret).toBe(
      card.fake.intentOf(id!)!.client_secret,
    );
  });
});

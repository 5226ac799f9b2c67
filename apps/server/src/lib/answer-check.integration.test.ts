import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServiceShop, useServiceApp } from '../../test/service-shop.ts';
import { secondProcess } from '../../test/test-app.ts';

// Decision 60: production writes answers as built and checks a sample; tests check every one.
// The busiest answers, read through a process of each kind on one database, are the same.
const service = useServiceApp();
let sampled: Awaited<ReturnType<typeof secondProcess>>;

beforeAll(async () => {
  sampled = await secondProcess(service.ctx, { now: service.now, answerCheck: 'sample' });
});
afterAll(() => sampled.close());

/** The same request to the process that checks every answer and to the one that samples. */
async function both(request: { method: 'GET' | 'POST'; url: string; headers: object }) {
  const [every, sample] = [
    await service.ctx.app.inject(request as never),
    await sampled.inject(request as never),
  ] as LightMyRequestResponse[];
  expect(every!.statusCode, every!.body).toBe(200);
  expect(sample!.statusCode, sample!.body).toBe(200);
  return { every: every!.json(), sample: sample!.json() };
}

describe('answers written as built (ANSWER_CHECK=sample)', () => {
  it("are the order's and the desk's answers as the contract's serializer writes them", async () => {
    const shop = await openServiceShop(service.ctx);
    const placed = await sampled.inject({
      method: 'POST',
      url: '/api/order',
      headers: { host: shop.host, authorization: `Bearer ${shop.customer}` },
      payload: {
        store_id: shop.storeId,
        order_type: 'collection',
        when: 'asap',
        lines: [shop.naan(), shop.curry()],
        payment_method: 'cash',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.order.id as string;

    const customer = { host: shop.host, authorization: `Bearer ${shop.customer}` };
    const order = await both({ method: 'GET', url: `/api/orders/${id}`, headers: customer });
    expect(order.sample).toEqual(order.every);
    expect(order.sample.data.lines).toHaveLength(2);
    // The order's own answer is that order as the customer's page reads it.
    expect(placed.json().data.order).toEqual(order.every.data);

    const desk = await both({
      method: 'GET',
      url: `/api/admin/orders?ids=${id}`,
      headers: shop.manager.headers,
    });
    expect(desk.sample).toEqual(desk.every);
    expect(desk.sample.data.orders.map((o: { id: string }) => o.id)).toEqual([id]);

    const accepted = await sampled.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/status`,
      headers: shop.manager.headers,
      payload: { status: 'accepted', minutes: 20 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await both({
      method: 'GET',
      url: `/api/admin/orders?ids=${id}`,
      headers: shop.manager.headers,
    });
    expect(after.sample).toEqual(after.every);
    // The move's answer is the desk's order; the list's is that and what was refunded of it.
    const { refunded, ...asListed } = after.every.data.orders[0];
    expect(refunded).toBe(0);
    expect(accepted.json().data).toEqual(asListed);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated } from '@servery/contract/order';
import { openOrderShop, promoCodes } from '../../../test/order-shop.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
});
afterAll(() => ctx.close());

describe('orders', () => {
  it('lists the customer’s own orders, newest first, and hides everyone else’s', async () => {
    const shop = await openOrderShop(ctx);
    const ada = await shop.customer('ada');
    const bob = await shop.customer('bob');
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await shop.call('POST', '/api/order', shop.collection(), ada.token);
      placed.push((answer.json().data as OrderCreated).order.id);
    }
    await shop.call('POST', '/api/order', shop.collection(), bob.token);
    const page = (await shop.call('GET', '/api/orders', undefined, ada.token)).json().data;
    expect(page.total).toBe(4);
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual(placed.toReversed());
    const numbers = page.orders.map((o: { number: number }) => o.number);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    const mine = page.orders[0].id;
    expect((await shop.call('GET', `/api/orders/${mine}`, undefined, ada.token)).statusCode).toBe(
      200,
    );
    const theirs = await shop.call('GET', `/api/orders/${mine}`, undefined, bob.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('We could not find that order.');
    expect(
      (await shop.call('PUT', '/api/order/payment/status', { order_id: mine }, bob.token))
        .statusCode,
    ).toBe(404);
    expect((await shop.call('GET', '/api/orders', undefined, bob.token)).json().data.total).toBe(1);
    expect((await shop.call('GET', '/api/orders')).statusCode).toBe(401);
  });

  it('lists the public promo codes that work now', async () => {
    const { welcome10, big5, old, once } = promoCodes;
    const shop = await openOrderShop(ctx, [welcome10, big5, old, once]);
    const promos = (await shop.call('GET', '/api/promos')).json().data;
    expect(promos.map((p: { code: string }) => p.code)).toEqual(['WELCOME10', 'BIG5']);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../../test/live-board.ts';
import { openOrderShop, type OrderShop } from '../../../test/order-shop.ts';
import { testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';

// Issue 20, point 4: the customer's order page follows the kitchen live, whichever server
// process the kitchen's move went through, and sees nobody else's order.
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;
let shop: OrderShop;
let owner: StaffAgent;
// Tuesday 17 November 2026, 12:00 in London, on both processes: the main store is open.
const clock = testClock('2026-11-17T12:00:00Z');

beforeAll(async () => {
  first = await createTestApp({ now: clock.now });
  second = await secondProcess(first, { now: clock.now });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  shop = await openOrderShop(first);
  owner = await staffAgent(first.app, first.db, shop.doc, 'owner');
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/** A signed-in customer and a cash collection order of theirs, placed through the API. */
async function customerWithOrder(name: string) {
  const customer = await shop.customer(name);
  const placed = await shop.call('POST', '/api/order', shop.collection(), customer.token);
  expect(placed.statusCode).toBe(200);
  return { ...customer, orderId: placed.json().data.order.id as string };
}

/** The customer's order page stream on the second process. */
const follow = (token: string, orderId: string, lastEventId?: number) =>
  openStream(
    `${secondUrl}/api/orders/${orderId}/events`,
    { host: shop.host, authorization: `Bearer ${token}` },
    lastEventId,
  );

/** The kitchen's move, through the first process. */
const move = (orderId: string, body: object) =>
  first.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: owner.headers,
    payload: body,
  });

describe('GET /api/orders/:id/events', () => {
  it("sends the customer the kitchen's accept, made through another process", async () => {
    const ada = await customerWithOrder('ada');
    const page = follow(ada.token, ada.orderId);
    const res = await page.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    await page.waitFor((f) => f.event === 'ready');
    expect((await move(ada.orderId, { status: 'accepted', minutes: 15 })).statusCode).toBe(200);
    const frame = await page.waitFor((f) => f.event === 'order.status', 5000);
    expect(JSON.parse(frame.data!)).toMatchObject({ kind: 'order.status', order_id: ada.orderId });
    // A later promised time is news too.
    expect((await move(ada.orderId, { status: 'delay', minutes: 10 })).statusCode).toBe(200);
    await page.waitFor((f) => f.event === 'order.status' && f.id !== frame.id, 5000);
    page.close();
  });

  it("sends nothing of another order, and replays the customer's own from Last-Event-ID", async () => {
    const bea = await customerWithOrder('bea');
    const other = await customerWithOrder('cal');
    const page = follow(bea.token, bea.orderId);
    const ready = await page.waitFor((f) => f.event === 'ready');
    expect((await move(other.orderId, { status: 'accepted', minutes: 20 })).statusCode).toBe(200);
    page.close();
    // While the page is away, the kitchen accepts Bea's order.
    expect((await move(bea.orderId, { status: 'accepted', minutes: 20 })).statusCode).toBe(200);
    const back = follow(bea.token, bea.orderId, Number(ready.id));
    const replayed = await back.waitFor((f) => f.event === 'order.status');
    expect(JSON.parse(replayed.data!).order_id).toBe(bea.orderId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.frames.some((f) => f.data?.includes(other.orderId))).toBe(false);
    expect(back.frames.some((f) => f.data?.includes(other.orderId))).toBe(false);
    back.close();
  });

  it("answers 404 for another customer's order and 401 without a session", async () => {
    const dan = await customerWithOrder('dan');
    const eve = await shop.customer('eve');
    const url = `/api/orders/${dan.orderId}/events`;
    const theirs = await shop.call('GET', url, undefined, eve.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ status: 404, data: null });
    expect(
      (await shop.call('GET', '/api/orders/not-an-id/events', undefined, eve.token)).statusCode,
    ).toBe(404);
    const anonymous = await shop.call('GET', url);
    expect(anonymous.statusCode).toBe(401);
  });
});

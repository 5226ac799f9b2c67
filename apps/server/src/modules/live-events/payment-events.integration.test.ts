import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema.ts';
import type { FakeIntent } from '../../../test/fake-stripe.ts';
import { openBoard, openStream, type Frame } from '../../../test/live-board.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { useStripeShop } from '../../../test/stripe-shop.ts';

// A payment's news reaches the customer's open order page and the desk without a reload
// (docs/architecture.md "Live"): a refund after the desk cancels, and Stripe's webhooks.
const card = useStripeShop({ listen: true });
let owner: StaffAgent;
const streams: { close(): void }[] = [];
const { clock, webhook: signedWebhook } = card;

beforeAll(async () => {
  owner = await staffAgent(card.ctx.app, card.ctx.db, card.shop.doc, 'owner');
});
afterAll(() => {
  // A stream a failed test left open would keep the server from closing.
  for (const stream of streams) stream.close();
});

/** A signed-in customer and their card order, awaiting payment, with its PaymentIntent. */
async function cardOrder(name: string) {
  const customer = await card.shop.customer(name);
  const placed = await card.shop.call(
    'POST',
    '/api/order',
    card.shop.collection({ payment_method: 'card' }),
    customer.token,
  );
  expect(placed.statusCode).toBe(200);
  const orderId = placed.json().data.order.id as string;
  return { ...customer, orderId, intent: card.fake.intentOf(orderId)! };
}

/** The order as its customer's page reads it. */
const orderOf = async (id: string, token: string) =>
  (await card.shop.call('GET', `/api/orders/${id}`, undefined, token)).json().data;

/** The customer's open order page: its stream, once the server said it is ready. */
async function follow(token: string, orderId: string) {
  const page = openStream(`${card.url}/api/orders/${orderId}/events`, {
    host: card.shop.host,
    authorization: `Bearer ${token}`,
  });
  streams.push(page);
  await page.waitFor((f) => f.event === 'ready');
  return page;
}

let eventNumber = 0;
/** Stripe's word on an intent, signed as Stripe signs it, a second after the last one. */
const webhook = (type: string, intent: FakeIntent) =>
  signedWebhook({
    id: `evt_payment_events_${++eventNumber}`,
    object: 'event',
    type,
    created: Math.floor(clock.now().getTime() / 1000) + eventNumber,
    data: { object: intent },
  });

const move = (orderId: string, body: object) =>
  card.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status`,
    headers: owner.headers,
    payload: body,
  });

/** How many payment events the order's changes recorded. */
const paymentEventsOf = async (orderId: string) =>
  (
    await card.ctx.db
      .select({ n: count() })
      .from(liveEvents)
      .where(and(eq(liveEvents.entityId, orderId), eq(liveEvents.kind, 'order.payment')))
  )[0]!.n;

/** The `order.payment` frames about this order among `frames`, from `from` on. */
const paymentFrames = (frames: Frame[], orderId: string, from = 0) =>
  frames
    .slice(from)
    .filter((f) => f.event === 'order.payment' && f.data?.includes(orderId))
    .map((f) => JSON.parse(f.data!) as Record<string, unknown>);

describe('order.payment live events', () => {
  it("reach the customer's open page and the desk when Stripe's webhooks change the payment", async () => {
    const ada = await cardOrder('ada');
    const page = await follow(ada.token, ada.orderId);
    const board = openBoard(card.url, owner);
    streams.push(board);
    await board.waitFor((f) => f.event === 'ready');

    // The card is declined: the order still awaits payment, and the page hears of it at once.
    const declined = { ...ada.intent, last_payment_error: { message: 'Your card was declined.' } };
    expect((await webhook('payment_intent.payment_failed', declined)).statusCode).toBe(200);
    await page.waitFor(() => paymentFrames(page.frames, ada.orderId).length === 1, 5000);
    expect(paymentFrames(page.frames, ada.orderId)[0]).toMatchObject({
      kind: 'order.payment',
      order_id: ada.orderId,
    });
    expect(await orderOf(ada.orderId, ada.token)).toMatchObject({
      status: 'pending_payment',
      payment: { status: 'failed' },
    });

    // Another card is held: the payment changes and the order reaches the shop.
    const held = { ...ada.intent, status: 'requires_capture', last_payment_error: null };
    expect((await webhook('payment_intent.amount_capturable_updated', held)).statusCode).toBe(200);
    await page.waitFor(() => paymentFrames(page.frames, ada.orderId).length === 2, 5000);
    await page.waitFor((f) => f.event === 'order.created', 5000);
    expect(await orderOf(ada.orderId, ada.token)).toMatchObject({
      status: 'placed',
      payment: { status: 'authorised' },
    });
    // The desk's board of the order's store hears the same news.
    await board.waitFor(() => paymentFrames(board.frames, ada.orderId).length === 2, 5000);
    expect(paymentFrames(board.frames, ada.orderId)[0]).toMatchObject({
      kind: 'order.payment',
      entity_id: ada.orderId,
      store_id: card.shop.storeId,
    });

    // The same news again changes nothing, so it is no news.
    expect((await webhook('payment_intent.amount_capturable_updated', held)).statusCode).toBe(200);
    expect(await paymentEventsOf(ada.orderId)).toBe(2);

    // The desk accepts: the charge made due in the accept's transaction, then made after it.
    const bea = await cardOrder('bea');
    const beaPage = await follow(bea.token, bea.orderId);
    ada.intent.status = 'requires_capture';
    expect((await move(ada.orderId, { status: 'accepted', minutes: 15 })).statusCode).toBe(200);
    await page.waitFor((f) => f.event === 'order.status', 5000);
    await page.waitFor(() => paymentFrames(page.frames, ada.orderId).length === 4, 5000);
    expect(await orderOf(ada.orderId, ada.token)).toMatchObject({
      status: 'accepted',
      payment: { status: 'succeeded' },
    });

    // Bea's card is declined: her page hears of her payment, and never of Ada's order (the hub
    // wrote Ada's news to every stream of the shop it may reach before Bea's, on the same
    // connection, so any of it would have arrived first).
    const beaDeclined = { ...bea.intent, last_payment_error: { message: 'Declined' } };
    expect((await webhook('payment_intent.payment_failed', beaDeclined)).statusCode).toBe(200);
    await beaPage.waitFor(() => paymentFrames(beaPage.frames, bea.orderId).length === 1, 5000);
    expect(beaPage.frames.some((f) => f.data?.includes(ada.orderId))).toBe(false);
    await board.waitFor(() => paymentFrames(board.frames, bea.orderId).length === 1, 5000);
    page.close();
    beaPage.close();
    board.close();
  });

  it("tell the customer's open page of the refund when the desk cancels a card-paid order", async () => {
    const cal = await cardOrder('cal');
    cal.intent.status = 'requires_capture';
    expect((await webhook('payment_intent.amount_capturable_updated', cal.intent)).statusCode).toBe(
      200,
    );
    const page = await follow(cal.token, cal.orderId);

    // Accepting charges the held card after the commit: charge due, then charged.
    expect((await move(cal.orderId, { status: 'accepted', minutes: 15 })).statusCode).toBe(200);
    await page.waitFor(() => paymentFrames(page.frames, cal.orderId).length === 2, 5000);
    await page.waitFor((f) => f.event === 'order.status', 5000);
    expect(await orderOf(cal.orderId, cal.token)).toMatchObject({
      status: 'accepted',
      payment: { status: 'succeeded' },
    });

    // Cancelling refunds it: refund due in the cancel's transaction, refunded after the commit.
    const from = page.frames.length;
    const cancelled = await move(cal.orderId, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(card.fake.refunds.filter((r) => r.payment_intent === cal.intent.id)).toHaveLength(1);
    await page.waitFor(() => paymentFrames(page.frames, cal.orderId, from).length === 2, 5000);
    await page.waitFor(() => page.frames.slice(from).some((f) => f.event === 'order.status'), 5000);
    expect(await orderOf(cal.orderId, cal.token)).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded' },
    });
    page.close();
  });
});

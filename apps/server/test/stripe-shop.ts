import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { openOrderShop, type OrderShop } from './order-shop.ts';
import { testClock } from './sign-in.ts';
import { createTestApp } from './test-app.ts';

const STRIPE_SECRET_KEY = 'sk_test_servery';
const STRIPE_PUBLISHABLE_KEY = 'pk_test_servery';
const STRIPE_WEBHOOK_SECRET = 'whsec_servery_test';

/**
 * The card tests' setting, one per test file: the app paying through the fake Stripe
 * (fake-stripe.ts) on Tuesday 17 November 2026 at noon, and a catalogue shop of its own
 * (order-shop.ts). `ctx`, `fake` and `shop` (and `url` when it listens) are there once the
 * file's tests run.
 */
export function useStripeShop({ listen = false } = {}) {
  const clock = testClock('2026-11-17T12:00:00Z');
  let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
  let fake: FakeStripe | undefined;
  let shop: OrderShop | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe(STRIPE_SECRET_KEY);
    ctx = await createTestApp({
      now: clock.now,
      stripe: {
        secretKey: STRIPE_SECRET_KEY,
        publishableKey: STRIPE_PUBLISHABLE_KEY,
        webhookSecret: STRIPE_WEBHOOK_SECRET,
        apiUrl: fake.url,
      },
    });
    shop = await openOrderShop(ctx);
    // Streams (live events) need a real port; everything else goes through app.inject.
    if (listen) {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const stripe = new Stripe(STRIPE_SECRET_KEY);
  /** A webhook call signed as Stripe signs them (the SDK's own test helper), on `host`. */
  const webhook = (
    event: object,
    {
      secret = STRIPE_WEBHOOK_SECRET,
      timestamp = Math.floor(Date.now() / 1000),
      host = 'anything.example',
    } = {},
  ) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return ctx!.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { host, 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };

  return {
    clock,
    webhook,
    get ctx() {
      return ctx!;
    },
    get fake() {
      return fake!;
    },
    get shop() {
      return shop!;
    },
    /** The listening app's address (with `listen: true`). */
    get url() {
      return url!;
    },
  };
}

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { refundJson } from './fake-stripe.ts';

type RefundJson = ReturnType<typeof refundJson>;

/** A Stripe event around `object`, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: object, account: string | null = null) {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    ...(account ? { account } : {}),
    data: { object },
  };
}

/** `charge.refunded` for a charge of `amount` with these refunds (listed, as older API versions do). */
export function chargeRefundedEvent(intentId: string, amount: number, refunds: RefundJson[]) {
  const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
  return stripeEvent('charge.refunded', {
    id: `ch_${intentId.slice(3)}`,
    object: 'charge',
    amount,
    amount_refunded: refunded,
    refunded: refunded === amount,
    payment_intent: intentId,
    refunds: { object: 'list', data: refunds, has_more: false },
  });
}

/** A POST to /api/webhooks/stripe signed as Stripe signs it (the SDK's own test helper). */
export function signedWebhook(event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_unused').webhooks.generateTestHeaderString({ payload, secret });
  return {
    method: 'POST' as const,
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  };
}

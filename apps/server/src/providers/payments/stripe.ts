import Stripe from 'stripe';
import type { PaymentStatus } from '@servery/contract/order';
import type { CardProvider, ProviderPayment } from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local server that answers like it (tests). */
  apiUrl?: string;
}

/** Stripe's PaymentIntent states in our words (DESIGN.md "Payment"). */
function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'cancelled';
    default:
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret,
    status: statusOf(intent),
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Card payments through Stripe's official SDK; the browser confirms with the payment element. */
export function createStripeProvider(options: StripeOptions): CardProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createPayment(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: input.description,
          metadata: { order_id: input.orderId, tenant_id: input.tenantId },
        },
        // One intent per order, however often the request is repeated.
        { idempotencyKey: `order-${input.orderId}` },
      );
      return paymentOf(intent);
    },
    async retrievePayment(intentId) {
      return paymentOf(await stripe.paymentIntents.retrieve(intentId));
    },
    async refundPayment(intentId, orderId) {
      // One refund per order, however often the sweeper or the desk asks.
      await stripe.refunds.create(
        { payment_intent: intentId },
        { idempotencyKey: `refund-${orderId}` },
      );
    },
    verifyWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        created: new Date(event.created * 1000),
        payment:
          object.object === 'payment_intent' ? paymentOf(object as Stripe.PaymentIntent) : null,
      };
    },
  };
}

import Stripe from 'stripe';
import type { PaymentStatus } from '@servery/contract/order';
import type {
  CardProvider,
  KeptCard,
  ProviderPayment,
  ProviderRefund,
} from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local server that answers like it (tests). */
  apiUrl?: string;
  /** The signing secret of the Connect webhook endpoint (events of connected accounts). */
  connectWebhookSecret?: string;
  /** Stripe Connect: shops need their own account (production); one may use the platform's. */
  connect?: { required: boolean; directShop?: string };
}

/** Request options naming the connected account, when there is one. */
const on = (account: string | null, extra: Stripe.RequestOptions = {}): Stripe.RequestOptions =>
  account ? { ...extra, stripeAccount: account } : extra;

/** Stripe's PaymentIntent states in our words (architecture.md "Payment"). */
function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_capture':
      return 'authorised';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'cancelled';
    default:
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

/** Written on every refund this server makes: its webhook news is not a refund made elsewhere. */
const OURS = 'servery';

function refundOf(refund: Stripe.Refund, fallbackIntent: string | null): ProviderRefund | null {
  const intent = refund.payment_intent ?? fallbackIntent;
  const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  if (!intentId) return null;
  const metadata = refund.metadata ?? {};
  return {
    id: refund.id,
    intentId,
    amount: refund.amount,
    status: (refund.status ?? 'pending') as ProviderRefund['status'],
    created: new Date(refund.created * 1000),
    refundId: metadata.refund_id ?? null,
    ours: metadata.made_by === OURS,
  };
}

/** The refunds a webhook event is about: a refund's own events, or a charge's refunds (listed on older API versions). */
function refundsOf(object: { object?: string }): ProviderRefund[] {
  if (object.object === 'refund') {
    const one = refundOf(object as Stripe.Refund, null);
    return one ? [one] : [];
  }
  if (object.object !== 'charge') return [];
  const charge = object as Stripe.Charge;
  const paid = charge.payment_intent;
  const intent = typeof paid === 'string' ? paid : (paid?.id ?? null);
  return (charge.refunds?.data ?? [])
    .map((refund) => refundOf(refund, intent))
    .filter((refund) => refund !== null);
}

/** The card that paid, when the customer agreed to keep it and it is expanded on the intent. */
function keptCardOf(intent: Stripe.PaymentIntent): KeptCard | null {
  const method = intent.payment_method;
  if (!intent.setup_future_usage || !intent.customer || typeof method !== 'object') return null;
  const card = method?.card;
  if (!card) return null;
  return {
    methodId: method.id,
    fingerprint: card.fingerprint ?? method.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    intentId: intent.id,
    clientSecret: intent.client_secret,
    status: statusOf(intent),
    failureMessage: intent.last_payment_error?.message ?? null,
    keptCard: keptCardOf(intent),
  };
}

/**
 * Stripe's refusal of a detach: no such card, or not attached to anyone (forgotten already).
 * Anything else (the network, Stripe down) is thrown, and the card stays saved.
 */
const goneAlready = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === 400 || status === 404;
};

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
    connect: {
      required: options.connect?.required ?? false,
      directShop: options.connect?.directShop ?? null,
    },
    async createPayment(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          // Held, not charged, until the shop accepts (architecture.md "The restaurant side").
          capture_method: input.captureAtOnce ? 'automatic' : 'manual',
          description: input.description,
          metadata: { order_id: input.orderId, tenant_id: input.tenantId },
          ...(input.account && input.applicationFee > 0
            ? { application_fee_amount: input.applicationFee }
            : {}),
        },
        // One intent per order, however often the request is repeated.
        on(input.account, { idempotencyKey: `order-${input.orderId}` }),
      );
      return paymentOf(intent);
    },
    async retrievePayment(intentId, account) {
      // The card is expanded, so a card the customer agreed to keep can be saved (issue 30).
      const intent = await stripe.paymentIntents.retrieve(
        intentId,
        { expand: ['payment_method'] },
        on(account),
      );
      return paymentOf(intent);
    },
    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { metadata: { tenant_id: input.tenantId, customer_id: input.customerId } },
        on(input.account, {
          idempotencyKey: `customer-${input.customerId}-${input.account ?? 'platform'}`,
        }),
      );
      return customer.id;
    },
    async keepCard(intentId, account, customer) {
      // On-session: a kept card pays again only with the customer there, tapping Pay.
      await stripe.paymentIntents.update(
        intentId,
        customer ? { customer, setup_future_usage: 'on_session' } : { setup_future_usage: '' },
        on(account),
      );
    },
    async payWithSavedCard(input) {
      await stripe.paymentIntents.update(
        input.intentId,
        { customer: input.customer, payment_method: input.methodId },
        on(input.account),
      );
      try {
        const intent = await stripe.paymentIntents.confirm(
          input.intentId,
          { return_url: input.returnUrl, expand: ['payment_method'] },
          on(input.account),
        );
        return paymentOf(intent);
      } catch (error) {
        // A declined card is news about the payment (failed, with the bank's words), not a fault.
        if ((error as { type?: string }).type !== 'StripeCardError') throw error;
        const intent = await stripe.paymentIntents.retrieve(input.intentId, {}, on(input.account));
        const message = (error as { message?: string }).message ?? null;
        return { ...paymentOf(intent), status: 'failed', failureMessage: message };
      }
    },
    async removeCard(methodId, account) {
      try {
        await stripe.paymentMethods.detach(methodId, {}, on(account));
      } catch (error) {
        if (!goneAlready(error)) throw error;
      }
    },
    async capturePayment(intentId, account, attempt) {
      try {
        // One capture per try, however many processes make it.
        const intent = await stripe.paymentIntents.capture(
          intentId,
          {},
          on(account, { idempotencyKey: `capture-${attempt}` }),
        );
        return paymentOf(intent);
      } catch (error) {
        // Already taken, or the hold lapsed (Stripe cancels it after about 7 days): say which.
        const intent = await stripe.paymentIntents.retrieve(intentId, {}, on(account));
        if (intent.status === 'succeeded' || intent.status === 'canceled') return paymentOf(intent);
        throw error;
      }
    },
    async returnPayment(intentId, account, attempt) {
      // Ask what Stripe holds now: a capture may have gone through after the order was cancelled.
      const intent = await stripe.paymentIntents.retrieve(intentId, {}, on(account));
      if (intent.status === 'canceled') return 'released';
      if (intent.status === 'succeeded') {
        // One refund per try; a later try finds the charge refunded (a crash after the refund).
        try {
          await stripe.refunds.create(
            { payment_intent: intentId, metadata: { made_by: OURS } },
            on(account, { idempotencyKey: `refund-${attempt}` }),
          );
        } catch (error) {
          if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
        }
        return 'refunded';
      }
      await stripe.paymentIntents.cancel(
        intentId,
        {},
        on(account, { idempotencyKey: `release-${attempt}` }),
      );
      return 'released';
    },
    async refundPayment(intentId, account, amount, refundId) {
      const refund = await stripe.refunds.create(
        { payment_intent: intentId, amount, metadata: { made_by: OURS, refund_id: refundId } },
        on(account, { idempotencyKey: `refund-${refundId}` }),
      );
      return { id: refund.id };
    },
    verifyWebhook(rawBody, signature) {
      // The platform's endpoint, or the Connect endpoint (its own secret) for shops' accounts.
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (!options.connectWebhookSecret) throw error;
        event = stripe.webhooks.constructEvent(rawBody, signature, options.connectWebhookSecret);
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        created: new Date(event.created * 1000),
        account: event.account ?? null,
        payment:
          object.object === 'payment_intent' ? paymentOf(object as Stripe.PaymentIntent) : null,
        refunds: refundsOf(object),
      };
    },
  };
}

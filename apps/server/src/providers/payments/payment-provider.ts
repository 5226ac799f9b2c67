import type { PaymentStatus } from '@servery/contract/order';

/** A card payment as the provider holds it. */
export interface ProviderPayment {
  intentId: string;
  clientSecret: string | null;
  status: PaymentStatus;
  failureMessage: string | null;
}

/**
 * A card payment provider (DESIGN.md "Payment"): Stripe in production (stripe.ts). The `demo`
 * provider needs no outside party and lives in the orders module (payments.service.ts).
 */
export interface CardProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  createPayment(input: {
    orderId: string;
    tenantId: string;
    amount: number;
    currency: string;
    description: string;
  }): Promise<ProviderPayment>;
  retrievePayment(intentId: string): Promise<ProviderPayment>;
  /** Gives a captured payment back in full (the shop rejected or cancelled the order). */
  refundPayment(intentId: string, orderId: string): Promise<void>;
  /** The verified event of a webhook call, or an error for a bad signature or a stale one. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

export interface ProviderEvent {
  id: string;
  /** When the provider created the event: older news than what we hold is ignored. */
  created: Date;
  /** Set for events about a payment. */
  payment: ProviderPayment | null;
}

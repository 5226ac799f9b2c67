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
    /** Take the money when the card is confirmed, not only hold it (orders far ahead). */
    captureAtOnce: boolean;
  }): Promise<ProviderPayment>;
  retrievePayment(intentId: string): Promise<ProviderPayment>;
  /**
   * Takes a held payment (the shop accepted the order). `attempt` names this try (the order and
   * its try number): two processes making the same try take the money once.
   */
  capturePayment(intentId: string, attempt: string): Promise<ProviderPayment>;
  /**
   * Gives the money back in full (the shop rejected or cancelled the order): lifts a hold, or
   * refunds a charge, whichever the provider holds now. Answers which it was.
   */
  returnPayment(intentId: string, attempt: string): Promise<'released' | 'refunded'>;
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

import type { PaymentStatus } from '@servery/contract/order';

/** A card payment as the provider holds it. */
export interface ProviderPayment {
  intentId: string;
  clientSecret: string | null;
  status: PaymentStatus;
  failureMessage: string | null;
  /**
   * The card that paid, when the customer agreed to keep it (issue 30): only the provider's ids,
   * the brand, the last four digits and the expiry. Null otherwise, or when not known here.
   */
  keptCard?: KeptCard | null;
}

/** A card kept at the provider for the customer's next orders (never its number). */
export interface KeptCard {
  methodId: string;
  fingerprint: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * A card payment provider (architecture.md "Payment"): Stripe in production (stripe.ts). The `demo`
 * provider needs no outside party (demo-card.ts: what its test cards do).
 */
export interface CardProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /**
   * Stripe Connect (issue 17): whether a shop must have its own connected account to take
   * cards (production), and the one shop, if any, paid into the platform's own account instead.
   */
  readonly connect: { required: boolean; directShop: string | null };
  /**
   * Every call names the account the payment lives on: a shop's connected account (direct
   * charges, Stripe's `Stripe-Account` header), or null for the platform's own.
   */
  createPayment(input: {
    account: string | null;
    /** The platform's fee, in minor units (connected accounts only). */
    applicationFee: number;
    orderId: string;
    tenantId: string;
    amount: number;
    currency: string;
    description: string;
    /** Take the money when the card is confirmed, not only hold it (orders far ahead). */
    captureAtOnce: boolean;
  }): Promise<ProviderPayment>;
  retrievePayment(intentId: string, account: string | null): Promise<ProviderPayment>;
  /**
   * Takes a held payment (the shop accepted the order). `attempt` names this try (the order and
   * its try number): two processes making the same try take the money once.
   */
  capturePayment(
    intentId: string,
    account: string | null,
    attempt: string,
  ): Promise<ProviderPayment>;
  /**
   * Gives the money back in full (the shop rejected or cancelled the order): lifts a hold, or
   * refunds a charge, whichever the provider holds now. Answers which it was.
   */
  returnPayment(
    intentId: string,
    account: string | null,
    attempt: string,
  ): Promise<'released' | 'refunded'>;
  /**
   * Gives back part or all of a charged payment (a refund from the back office, issue 29).
   * `refundId` is our refund's id: it names the provider's refund (the same id makes one refund
   * however often it is sent) and is written on it, so the provider's news of it is known as ours.
   */
  refundPayment(
    intentId: string,
    account: string | null,
    amount: number,
    refundId: string,
  ): Promise<{ id: string }>;
  /** Makes the provider's customer for one of a shop's customers, once (saved cards, issue 30). */
  createCustomer(input: {
    account: string | null;
    tenantId: string;
    customerId: string;
  }): Promise<string>;
  /**
   * Whether the card that pays this intent is kept for the customer's next orders: the
   * provider's customer to keep it for, or null not to keep it.
   */
  keepCard(intentId: string, account: string | null, customer: string | null): Promise<void>;
  /** Pays the intent with a saved card, the customer present (it may still ask for 3-D Secure). */
  payWithSavedCard(input: {
    intentId: string;
    account: string | null;
    customer: string;
    methodId: string;
    returnUrl: string;
  }): Promise<ProviderPayment>;
  /** Forgets a saved card at the provider (already forgotten is fine). */
  removeCard(methodId: string, account: string | null): Promise<void>;
  /** The verified event of a webhook call, or an error for a bad signature or a stale one. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

export interface ProviderEvent {
  id: string;
  /** When the provider created the event: older news than what we hold is ignored. */
  created: Date;
  /** The connected account the event happened on (Connect events), or null for the platform. */
  account: string | null;
  /** Set for events about a payment. */
  payment: ProviderPayment | null;
  /** The refunds an event is about (a refund's own events, or a charge's refunds); often none. */
  refunds: ProviderRefund[];
}

/** A refund as the provider holds it: ours, or one made elsewhere (the Stripe dashboard). */
export interface ProviderRefund {
  id: string;
  intentId: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  created: Date;
  /** Our refund's id when we made it from the back office (written on it as metadata). */
  refundId: string | null;
  /** Made by this server (a back-office refund, or the desk giving a cancelled order back). */
  ours: boolean;
}

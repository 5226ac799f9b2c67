/**
 * The little of Stripe.js the payment page uses. Stripe.js is loaded from js.stripe.com, as Stripe
 * requires (it may not be bundled), and the server's Content-Security-Policy lets it in when
 * Stripe is on; no npm package is needed for that.
 */
export interface StripeElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'confirm', handler: () => void): void;
  on(
    event: 'ready',
    handler: (event: { availablePaymentMethods?: Record<string, boolean> | null }) => void,
  ): void;
}
export interface StripeElements {
  create(type: 'payment'): StripeElement;
  /** Apple Pay, Google Pay and Link as one-tap buttons (Express Checkout Element). */
  create(
    type: 'expressCheckout',
    options: { buttonType?: { applePay?: string; googlePay?: string } },
  ): StripeElement;
  /** Reads the PaymentIntent again after the server changed it (a card to be saved). */
  fetchUpdates(): Promise<{ error?: { message?: string } }>;
}
export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string } }>;
  /** 3-D Secure for an intent the server confirmed (a saved card). */
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message?: string } }>;
}
export type StripeFactory = (
  publishableKey: string,
  options?: { stripeAccount: string },
) => StripeJs;

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<StripeFactory> | null = null;

export function loadStripe(): Promise<StripeFactory> {
  const ready = (window as { Stripe?: StripeFactory }).Stripe;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not start'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Stripe.js for a payment on the shop's own Stripe account, when it has one (issue 17). */
export async function stripeFor(publishableKey: string, account: string | null) {
  const factory = await loadStripe();
  return factory(publishableKey, account ? { stripeAccount: account } : undefined);
}

import { useEffect, useRef, useState } from 'react';
import type { Order } from '@servery/contract/order';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import type { MoneyFormatter } from '../../../lib/money.ts';

/**
 * The little of Stripe.js this page uses. Stripe.js is loaded from js.stripe.com, as Stripe
 * requires (it may not be bundled), and the server's Content-Security-Policy lets it in when
 * Stripe is on; no npm package is needed for that.
 */
interface StripeElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: 'payment'): StripeElement;
}
interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { stripeAccount: string }) => StripeJs;

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<StripeFactory> | null = null;

function loadStripe(): Promise<StripeFactory> {
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

interface StripeCardFormProps {
  order: Order;
  clientSecret: string;
  publishableKey: string;
  money: MoneyFormatter;
  onPaid: (message: string) => void;
}

/** Stripe's payment element; Stripe runs 3-D Secure itself, in its own frame or page. */
export function StripeCardForm({
  order,
  clientSecret,
  publishableKey,
  money,
  onPaid,
}: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let element: StripeElement | null = null;
    let cancelled = false;
    loadStripe().then(
      (factory) => {
        if (cancelled || !mountRef.current) return;
        // A shop with its own Stripe account is paid there (a direct charge, issue 17).
        const account = order.payment.stripe_account;
        const stripe = factory(publishableKey, account ? { stripeAccount: account } : undefined);
        const elements = stripe.elements({ clientSecret });
        element = elements.create('payment');
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [clientSecret, publishableKey, order.payment.stripe_account, attempt]);

  const handlePay = async () => {
    const loaded = stripeRef.current;
    if (!loaded || paying) return;
    setPaying(true);
    setProblem(null);
    const { error } = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: {
        return_url: `${location.origin}/payment?order=${encodeURIComponent(order.id)}`,
      },
      redirect: 'if_required',
    });
    setPaying(false);
    if (error) setProblem(error.message ?? 'Your payment could not be taken.');
    else onPaid('Payment received. Thank you!');
  };

  return (
    <div>
      {problem ? <Problem className="mb-4">{problem}</Problem> : null}
      {state === 'failed' ? (
        <Problem>
          <p className="font-semibold">The card form could not be loaded.</p>
          <p>Check your connection, then try again.</p>
          <Button
            variant="outline"
            onClick={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
            className="mt-2"
          >
            Try again
          </Button>
        </Problem>
      ) : null}
      {state === 'loading' ? <p className="text-stone-700">Loading the card form…</p> : null}
      <div ref={mountRef} className="min-h-10" />
      <ActionBar breakpoint="sm" className="sm:mt-5">
        <Button
          onClick={() => void handlePay()}
          disabled={state !== 'ready' || paying}
          aria-busy={paying}
          className="w-full text-lg"
        >
          {paying ? 'Paying…' : `Pay ${money(order.total)}`}
        </Button>
      </ActionBar>
    </div>
  );
}

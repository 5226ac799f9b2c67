import { useEffect, useRef, useState } from 'react';
import type { Order } from '@servery/contract/order';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import { serverMessage } from '../../../lib/api.ts';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useChooseToSaveCardMutation } from '../../../lib/saved-cards-api.ts';
import { SaveCardChoice } from './save-card-choice.tsx';
import { stripeFor, type StripeElement, type StripeElements, type StripeJs } from './stripe-js.ts';

interface StripeCardFormProps {
  order: Order;
  clientSecret: string;
  publishableKey: string;
  money: MoneyFormatter;
  onPaid: (message: string) => void;
}

/**
 * Stripe's payment element, with Apple Pay and Google Pay above it as one-tap buttons (the
 * Express Checkout Element shows those the phone and the shop's domain allow, or nothing);
 * Stripe runs 3-D Secure itself, in its own frame or page. A card the customer agrees to keep
 * is told to the server first, which sets it on the PaymentIntent (issue 30, point 11).
 */
export function StripeCardForm({
  order,
  clientSecret,
  publishableKey,
  money,
  onPaid,
}: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const expressRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [wallets, setWallets] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  const told = useRef(false);
  const [chooseToSave] = useChooseToSaveCardMutation();

  /** Tells the server whether to keep the card, when that changed; false when it failed. */
  const tellSaveChoice = async (loaded: { elements: StripeElements }) => {
    if (saveCard === told.current) return true;
    const result = await chooseToSave({ orderId: order.id, save: saveCard });
    if ('error' in result) {
      setProblem(serverMessage(result.error));
      return false;
    }
    told.current = saveCard;
    await loaded.elements.fetchUpdates();
    return true;
  };

  const confirm = async () => {
    const loaded = stripeRef.current;
    if (!loaded) return;
    setPaying(true);
    setProblem(null);
    if (!(await tellSaveChoice(loaded))) return setPaying(false);
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
  // The wallet's confirm event, mounted once, pays with the choice the customer has now.
  const confirmRef = useRef(confirm);
  useEffect(() => {
    confirmRef.current = confirm;
  });

  useEffect(() => {
    const mounted: StripeElement[] = [];
    let cancelled = false;
    stripeFor(publishableKey, order.payment.stripe_account).then(
      (stripe) => {
        if (cancelled || !mountRef.current || !expressRef.current) return;
        const elements = stripe.elements({ clientSecret });
        const express = elements.create('expressCheckout', {
          buttonType: { applePay: 'buy', googlePay: 'buy' },
        });
        express.on('ready', ({ availablePaymentMethods }) =>
          setWallets(Boolean(availablePaymentMethods)),
        );
        express.on('confirm', () => void confirmRef.current());
        express.mount(expressRef.current);
        const card = elements.create('payment');
        card.mount(mountRef.current);
        mounted.push(express, card);
        stripeRef.current = { stripe, elements };
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      for (const element of mounted) element.destroy();
    };
  }, [clientSecret, publishableKey, order.payment.stripe_account, attempt]);

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
      <div ref={expressRef} data-testid="express-checkout" />
      {wallets ? <p className="my-4 text-center text-sm text-stone-700">Or pay by card</p> : null}
      <div ref={mountRef} className="min-h-10" />
      {state === 'ready' ? <SaveCardChoice checked={saveCard} onChange={setSaveCard} /> : null}
      <ActionBar breakpoint="sm" className="sm:mt-5">
        <Button
          onClick={() => void confirm()}
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

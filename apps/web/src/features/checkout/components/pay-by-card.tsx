import { useState } from 'react';
import { Link } from 'react-router';
import type { Order } from '@servery/contract/order';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/problem.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useGetSavedCardsQuery } from '../../../lib/saved-cards-api.ts';
import type { PaymentHandOver } from '../payment-hand-over.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { SavedCardPay } from './saved-card-pay.tsx';
import { StripeCardForm } from './stripe-card-form.tsx';

/**
 * How the order is paid on /payment: with a saved card in one tap when the customer has one
 * (issue 30, point 11), else with the provider's card form (the demo's test-mode form, or
 * Stripe's payment element with Apple Pay and Google Pay).
 */
export function PayByCard({
  order,
  handOver,
  money,
  onPaid,
}: {
  order: Order;
  handOver: PaymentHandOver | null;
  money: MoneyFormatter;
  onPaid: (message: string) => void;
}) {
  const saved = useGetSavedCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [useAnother, setUseAnother] = useState(false);
  const usable = (saved.data ?? []).filter((card) => !card.expired);
  const provider = handOver?.payment.provider ?? order.payment.provider;

  if (saved.isLoading) return <Skeleton className="h-40" />;
  if (usable.length > 0 && !useAnother) {
    return (
      <SavedCardPay
        order={order}
        cards={usable}
        onPaid={onPaid}
        onUseAnother={() => setUseAnother(true)}
      />
    );
  }
  if (provider === 'demo') return <DemoCardForm order={order} money={money} onPaid={onPaid} />;
  if (
    provider === 'stripe' &&
    handOver?.payment.client_secret &&
    handOver.payment.publishable_key
  ) {
    return (
      <StripeCardForm
        order={order}
        clientSecret={handOver.payment.client_secret}
        publishableKey={handOver.payment.publishable_key}
        money={money}
        onPaid={onPaid}
      />
    );
  }
  return (
    <Notice role={undefined}>
      <p>
        This payment can no longer be continued from here. Go back to your basket to check out
        again; this order will not be charged.
      </p>
      <Link to="/checkout" className={buttonClass({ className: 'mt-3' })}>
        Back to checkout
      </Link>
    </Notice>
  );
}

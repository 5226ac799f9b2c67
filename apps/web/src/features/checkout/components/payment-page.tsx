import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isPaymentSecured, type Order } from '@servery/contract/order';
import { cardPaidMessage } from '@servery/contract/settlement';
import { actionBarRoom } from '../../../components/ui/action-bar.tsx';
import { LINK_CLASS, buttonClass } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card.tsx';
import { Notice, PROBLEM_CLASS, Problem } from '../../../components/ui/problem.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage, toastServerError } from '../../../lib/api.ts';
import { useMoney } from '../../../lib/money.ts';
import { useShopTimeZone } from '../../../lib/shop-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useGetOrderQuery } from '../../../lib/dishes-and-orders-api.ts';
import { useRefreshPaymentStatusMutation } from '../api.ts';
import type { PaymentHandOver } from '../payment-hand-over.ts';
import { orderTimeText } from '../when-text.ts';
import { PayByCard } from './pay-by-card.tsx';
import { settledWords } from './settled-words.ts';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={`mx-auto w-full max-w-xl px-4 pt-6 ${actionBarRoom('sm')}`}>
      <h1 className="text-3xl font-bold">Payment</h1>
      <div className="mt-6 space-y-4">{children}</div>
    </div>
  );
}

/** What checkout handed over in the history entry (it lasts over a reload), if anything. */
function handOverOf(state: unknown): PaymentHandOver | null {
  const value = state as Partial<PaymentHandOver> | null;
  return value?.payment && Array.isArray(value.price_changes) ? (value as PaymentHandOver) : null;
}

/** Whether the order still waits for its card payment. */
const awaitsPayment = (order: Order) =>
  order.status === 'pending_payment' &&
  order.payment.method === 'card' &&
  !isPaymentSecured(order.payment.status) &&
  order.payment.status !== 'cancelled';

/**
 * /payment?order={id}: pays for an order placed at checkout. The provider takes the card; then
 * PUT /api/order/payment/status asks the provider how it went (never the browser's word), and
 * a paid order empties the basket and opens its page.
 */
export function PaymentPage({ onPaid }: { onPaid: () => void }) {
  // useLocation, not useSearchParams: that hook would join the code every page loads.
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const orderId = params.get('order') ?? '';
  const handOver = handOverOf(location.state);
  const navigate = useNavigate();
  const money = useMoney();
  const timeZone = useShopTimeZone();
  const order = useGetOrderQuery(orderId, { skip: !orderId, refetchOnMountOrArgChange: true });
  const [refresh, refreshing] = useRefreshPaymentStatusMutation();
  const [pending, setPending] = useState<string | null>(null);

  const confirmOutcome = async (message: string) => {
    const result = await refresh(orderId);
    if ('error' in result) return toastServerError(result.error, { silentOn: [401] });
    const now = result.data.data;
    if (isPaymentSecured(now.payment.status)) {
      onPaid();
      // A card only held is not "received" (the shop's accept charges it).
      toast.success(now.payment.status === 'authorised' ? cardPaidMessage('authorised') : message);
      navigate(`/orders/${now.id}`, { replace: true, state: { paid: true } });
    } else if (now.payment.status === 'processing') {
      setPending(
        'Your bank is still processing the payment. Your order page will show when it is done.',
      );
    } else {
      setPending(null);
    }
  };

  // Back from a payment step on the provider's own page (Stripe's return_url): ask how it went.
  const returned = params.has('redirect_status');
  const askedOnReturn = useRef(false);
  useEffect(() => {
    if (!returned || askedOnReturn.current || !orderId) return;
    askedOnReturn.current = true;
    void confirmOutcome('Payment received. Thank you!');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [returned, orderId]);

  if (!orderId) {
    return (
      <Frame>
        <p>There is no order to pay here.</p>
        <Link to="/orders" className={LINK_CLASS}>
          Your orders
        </Link>
      </Frame>
    );
  }
  if (order.isError && !order.data) {
    return (
      <Frame>
        <Problem>{serverMessage(order.error)}</Problem>
        <Link to="/orders" className={LINK_CLASS}>
          Your orders
        </Link>
      </Frame>
    );
  }
  if (!order.data) {
    return (
      <Frame>
        <div aria-busy="true" className="space-y-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      </Frame>
    );
  }

  const current = order.data;
  const changes = handOver?.price_changes ?? [];
  return (
    <Frame>
      <CardSection aria-labelledby="pay-order-title">
        <h2 id="pay-order-title" className="text-xl font-semibold">
          Order {current.number} from {current.store.name}
        </h2>
        <p className="mt-1" data-testid="pay-when">
          {current.order_type === 'delivery' ? 'Delivery' : 'Collection'}:{' '}
          <span className="font-semibold">{orderTimeText(current, timeZone)}</span>
        </p>
        <dl className="mt-3 space-y-1">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{money(current.subtotal)}</dd>
          </div>
          {current.order_type === 'delivery' ? (
            <div className="flex justify-between">
              <dt>Delivery</dt>
              <dd>{money(current.delivery_fee)}</dd>
            </div>
          ) : null}
          {current.discount > 0 ? (
            <div className="flex justify-between gap-3 text-emerald-800">
              <dt className="min-w-0 wrap-anywhere">Discount ({current.promo_code})</dt>
              <dd className="shrink-0">{money(-current.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>To pay</dt>
            <dd data-testid="pay-total">{money(current.total)}</dd>
          </div>
          <div className="flex justify-between text-sm text-stone-700">
            <dt>Includes VAT</dt>
            <dd>{money(current.vat)}</dd>
          </div>
        </dl>
        {changes.length ? (
          <Notice className="mt-3" data-testid="price-changes">
            <p className="font-semibold">Some prices changed before your order was placed:</p>
            <ul className="mt-1 list-disc pl-5">
              {changes.map((change) => (
                <li key={change.item_id}>
                  {change.name}: was {money(change.was)}, now {money(change.now)}
                </li>
              ))}
            </ul>
            <p className="mt-1">The amount to pay above is the new total.</p>
          </Notice>
        ) : null}
      </CardSection>

      <CardSection aria-labelledby="card-title">
        <h2 id="card-title" className="text-xl font-semibold">
          Pay by card
        </h2>
        <div className="mt-4">
          {!awaitsPayment(current) ? (
            <Settled order={current} />
          ) : pending ? (
            <Notice>{pending}</Notice>
          ) : refreshing.isLoading ? (
            <p role="status">Checking your payment…</p>
          ) : (
            <PayByCard order={current} handOver={handOver} money={money} onPaid={confirmOutcome} />
          )}
        </div>
      </CardSection>
    </Frame>
  );
}

/** An order that needs no card payment now: paid, failed or cash. */
function Settled({ order }: { order: Order }) {
  const paid = isPaymentSecured(order.payment.status);
  return (
    <div>
      <p role="status" className={paid ? '' : PROBLEM_CLASS}>
        {settledWords(order)}
      </p>
      <Link to={`/orders/${order.id}`} className={buttonClass({ className: 'mt-3' })}>
        See the order
      </Link>
    </div>
  );
}

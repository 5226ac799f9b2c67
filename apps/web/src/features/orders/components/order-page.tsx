import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Order, OrderCreated } from '@servery/contract/order';
import { Button, buttonClass, LINK_CLASS } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import { useGetOrderQuery } from '../../../lib/dishes-and-orders-api.ts';
import { FALLBACK_POLL_MS, following } from '../labels.ts';
import { useOrderEvents } from '../use-order-events.ts';
import { OrderDetails } from './order-details.tsx';
import { OrderProgress } from './order-progress.tsx';
import type { ReorderCart } from './reorder-panel.tsx';

/** What checkout or payment says on arrival here. */
interface Arrival {
  placed?: boolean;
  paid?: boolean;
  price_changes?: OrderCreated['price_changes'];
}

/**
 * When the order's store, closed now, next opens ("Opens at 11:30 AM", "Opens tomorrow at …");
 * null while it is open, or not known.
 */
export type KitchenOpens = (storeId: string) => string | null;

/** /orders/{id}: one order, everything about it, and a way to order it again. */
export function OrderPage({
  cart,
  kitchenOpens = () => null,
}: {
  cart: ReorderCart;
  kitchenOpens?: KitchenOpens;
}) {
  const { orderId = '' } = useParams();
  const arrival = (useLocation().state ?? {}) as Arrival;
  const {
    data: order,
    isError,
    error,
    refetch,
  } = useGetOrderQuery(orderId, {
    refetchOnMountOrArgChange: true,
  });
  // While the kitchen still has it or its money still moves, the page follows it live (issue 20,
  // point 4) and asks again now and then only while the live stream is down.
  const followed = following(order);
  const live = useOrderEvents(orderId, followed, () => void refetch());
  useGetOrderQuery(orderId, {
    pollingInterval: followed && live !== 'live' ? FALLBACK_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const money = useMoney();

  if (isError && !order) {
    return (
      <Frame title="Order">
        <div role="alert">
          <p>{serverMessage(error)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
            <Link to="/orders" className={buttonClass({ variant: 'outline' })}>
              Your orders
            </Link>
          </div>
        </div>
      </Frame>
    );
  }
  if (!order) {
    return (
      <Frame title="Order">
        {/* As tall as the screen: the footer stays below the fold until the order arrives, so it
            does not jump away then (a layout shift of 0.27 on a phone, docs/decisions/0048). */}
        <div className="min-h-svh space-y-4" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      </Frame>
    );
  }
  return (
    <Frame title={`Order ${order.number}`}>
      {arrival.placed || arrival.paid ? (
        <Thanks
          order={order}
          arrival={arrival}
          money={money}
          opens={kitchenOpens(order.store.id)}
        />
      ) : null}
      <OrderProgress order={order} live={live === 'live'} />
      <OrderDetails order={order} money={money} cart={cart} />
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <p className="text-sm">
        <Link to="/orders" className={LINK_CLASS}>
          ← Your orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <div className="mt-4 space-y-6">{children}</div>
    </div>
  );
}

/**
 * What the money has done so far, as the payment is now: a card only held is charged when the
 * shop accepts (DESIGN.md: money follows the decision), cash is paid on collection or delivery.
 */
function paymentNews(order: Order, money: MoneyFormatter) {
  switch (order.payment.status) {
    case 'authorised':
      return {
        head: 'Your order is placed.',
        more: 'Your card is held: you are charged only when the shop accepts your order.',
      };
    case 'capture_pending':
    case 'succeeded':
      return { head: 'Your payment is received and your order is placed.', more: null };
    case 'pay_on_collection':
    case 'pay_on_delivery':
      return {
        head: 'Your order is placed.',
        more: `Nothing is paid yet: you pay ${money(order.total)} in cash on ${order.order_type}.`,
      };
    default:
      return { head: 'Your order is placed.', more: null };
  }
}

function Thanks({
  order,
  arrival,
  money,
  opens,
}: {
  order: Order;
  arrival: Arrival;
  money: MoneyFormatter;
  /** When the store, closed now, opens: the kitchen answers from then. */
  opens: string | null;
}) {
  const changes = arrival.price_changes ?? [];
  // The thanks belong to the moment the order is placed: once the shop has moved it on (accepted,
  // or declined) the head below says where it is, and a thanks above it would contradict it.
  const justPlaced = order.status === 'placed' || order.status === 'pending_payment';
  if (!justPlaced && !changes.length) return null;
  const news = paymentNews(order, money);
  // A closed kitchen answers once it opens, not "as soon as" (an order ahead placed at night).
  const answer =
    order.status !== 'placed'
      ? null
      : opens
        ? `The kitchen ${opens.charAt(0).toLowerCase()}${opens.slice(1)}: we will tell you when it accepts your order.`
        : 'We will tell you as soon as the kitchen accepts it.';
  return (
    <div
      role="status"
      className="rounded-2xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
      data-testid="order-thanks"
    >
      {justPlaced ? (
        <>
          <p className="text-lg font-semibold">Thank you! {news.head}</p>
          {news.more ? <p data-testid="order-thanks-money">{news.more}</p> : null}
          <p>
            {order.store.name} has received it.{answer ? ` ${answer}` : null}
          </p>
        </>
      ) : null}
      {changes.length ? (
        <>
          <p className="mt-2 font-semibold">Some prices changed before your order was placed:</p>
          <ul className="list-disc pl-5">
            {changes.map((change) => (
              <li key={change.item_id}>
                {change.name}: was {money(change.was)}, now {money(change.now)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

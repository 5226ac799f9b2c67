import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { isPaymentSecured, type Order, type OrderCreated } from '@servery/contract/order';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import { shopClockTime, shopDateTime, useShopTimeZone } from '../../../lib/shop-time.ts';
import { LineSummary } from '../../../components/ui/line-summary.tsx';
import { useGetOrderQuery } from '../api.ts';
import {
  FOLLOW_EVERY_MS,
  PAYMENT_LABELS,
  STATUS_LABELS,
  following,
  statusTone,
} from '../labels.ts';
import { ReorderPanel, type ReorderCart } from './reorder-panel.tsx';
import { BADGE, CARD, LINK, OUTLINE, PRIMARY } from './styles.ts';
import { VatInvoiceSection } from './vat-invoice.tsx';

/** What checkout or payment says on arrival here. */
interface Arrival {
  placed?: boolean;
  paid?: boolean;
  price_changes?: OrderCreated['price_changes'];
}

/** /orders/{id}: one order, everything about it, and a way to order it again. */
export function OrderPage({ cart }: { cart: ReorderCart }) {
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
  // While the kitchen still has it, the page follows it (issue 14: customers not left guessing).
  useGetOrderQuery(orderId, {
    pollingInterval: following(order?.status) ? FOLLOW_EVERY_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const money = useMoney();

  if (isError && !order) {
    return (
      <Frame title="Order">
        <div role="alert">
          <p>{serverMessage(error)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" onClick={() => void refetch()} className={OUTLINE}>
              Try again
            </button>
            <Link to="/orders" className={OUTLINE}>
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
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      </Frame>
    );
  }
  return (
    <Frame title={`Order ${order.number}`}>
      {arrival.placed || arrival.paid ? (
        <Thanks order={order} arrival={arrival} money={money} />
      ) : null}
      <OrderDetails order={order} money={money} cart={cart} />
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <p className="text-sm">
        <Link to="/orders" className={LINK}>
          ← Your orders
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <div className="mt-4 space-y-6">{children}</div>
    </div>
  );
}

function Thanks({
  order,
  arrival,
  money,
}: {
  order: Order;
  arrival: Arrival;
  money: MoneyFormatter;
}) {
  const changes = arrival.price_changes ?? [];
  return (
    <div
      role="status"
      className="rounded-2xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
      data-testid="order-thanks"
    >
      <p className="text-lg font-semibold">
        Thank you! {arrival.paid ? 'Your payment is received and your' : 'Your'} order is placed.
      </p>
      <p>{order.store.name} has it. We have sent you a confirmation.</p>
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

function OrderDetails({
  order,
  money,
  cart,
}: {
  order: Order;
  money: MoneyFormatter;
  cart: ReorderCart;
}) {
  const timeZone = useShopTimeZone();
  const payable =
    order.status === 'pending_payment' &&
    order.payment.method === 'card' &&
    !isPaymentSecured(order.payment.status);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`${BADGE} ${statusTone(order.status)}`} data-testid="order-status">
          {STATUS_LABELS[order.status]}
        </span>
        <p className="text-stone-800">
          Ordered{' '}
          <time dateTime={order.created_at}>{shopDateTime(order.created_at, timeZone)}</time>
        </p>
      </div>
      {payable ? (
        <div className="rounded-2xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">This order is not paid yet, so the shop does not have it.</p>
          <Link to={`/payment?order=${order.id}`} className={`${PRIMARY} mt-3`}>
            Pay {money(order.total)}
          </Link>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section className={CARD} aria-labelledby="items-title">
          <h2 id="items-title" className="text-xl font-semibold">
            Items
          </h2>
          <ul className="mt-2 divide-y divide-stone-200" data-testid="order-lines">
            {order.lines.map((line, index) => (
              <li key={index} className="py-3">
                <LineSummary line={line} total={money(line.line_total)} />
              </li>
            ))}
          </ul>
          <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3" data-testid="order-totals">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            {order.order_type === 'delivery' ? (
              <div className="flex justify-between">
                <dt>Delivery</dt>
                <dd>{money(order.delivery_fee)}</dd>
              </div>
            ) : null}
            {order.discount > 0 ? (
              <div className="flex justify-between text-emerald-800">
                <dt>Discount ({order.promo_code})</dt>
                <dd>{money(-order.discount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between pt-1 text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="order-total">{money(order.total)}</dd>
            </div>
            <div className="flex justify-between text-sm text-stone-700">
              <dt>Includes VAT</dt>
              <dd>{money(order.vat)}</dd>
            </div>
          </dl>
        </section>

        <div className="space-y-6">
          {order.vat_invoice ? (
            <VatInvoiceSection invoice={order.vat_invoice} money={money} timeZone={timeZone} />
          ) : null}
          <section className={CARD} aria-labelledby="details-title">
            <h2 id="details-title" className="text-xl font-semibold">
              Details
            </h2>
            <dl className="mt-2 space-y-3">
              <div>
                <dt className="text-sm font-semibold text-stone-700">
                  {order.order_type === 'delivery' ? 'Delivery to' : 'Collection from'}
                </dt>
                <dd data-testid="order-where">
                  {order.address ? (
                    <>
                      {[
                        order.address.address_line1,
                        order.address.address_line2,
                        order.address.city,
                      ]
                        .filter(Boolean)
                        .join(', ')}{' '}
                      {order.address.postcode}
                      {order.address.instructions ? (
                        <span className="block text-sm text-stone-700">
                          Instructions: {order.address.instructions}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    order.store.name
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-stone-700">
                  {order.order_type === 'delivery' ? 'Delivery time' : 'Collection time'}
                </dt>
                <dd data-testid="order-time">
                  {order.promised_at && (
                    <span className="block text-lg font-semibold" data-testid="order-promised">
                      {order.order_type === 'delivery' ? 'With you around ' : 'Ready at '}
                      {shopClockTime(order.promised_at, timeZone)}
                    </span>
                  )}
                  {order.asap
                    ? `As soon as possible, around ${shopClockTime(order.scheduled_for, timeZone)}`
                    : `Scheduled: ${shopDateTime(order.scheduled_for, timeZone)}`}
                  <span className="block text-sm text-stone-700">
                    Times are the shop’s local time.
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-stone-700">Payment</dt>
                <dd data-testid="order-payment">
                  {order.payment.method === 'cash' ? 'Cash' : 'Card'} ·{' '}
                  {PAYMENT_LABELS[order.payment.status]}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-stone-700">Store</dt>
                <dd>
                  {order.store.name} ·{' '}
                  <a href={`tel:${order.store.phone.replace(/[^\d+]/g, '')}`} className={LINK}>
                    {order.store.phone}
                  </a>
                </dd>
              </div>
              {order.notes ? (
                <div>
                  <dt className="text-sm font-semibold text-stone-700">Your notes</dt>
                  <dd>{order.notes}</dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section className={CARD} aria-labelledby="history-title">
            <h2 id="history-title" className="text-xl font-semibold">
              Status history
            </h2>
            <ol className="mt-2 space-y-2" data-testid="status-history">
              {order.status_history.map((step, index) => (
                <li key={index}>
                  <span className="block font-medium">{STATUS_LABELS[step.status]}</span>
                  <time dateTime={step.at} className="block text-sm text-stone-700">
                    {shopDateTime(step.at, timeZone)}
                  </time>
                </li>
              ))}
            </ol>
          </section>

          <div className={CARD}>
            <ReorderPanel order={order} cart={cart} money={money} />
          </div>
        </div>
      </div>
    </>
  );
}

import { Link } from 'react-router';
import type { Order } from '@servery/contract/order';
import { isPaymentSecured } from '@servery/contract/settlement';
import { buttonClass, LINK_CLASS } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { LineSummary } from '../../../components/ui/line-summary.tsx';
import { Notice } from '../../../components/ui/problem.tsx';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { shopDateTime, useShopTimeZone } from '../../../lib/shop-time.ts';
import { paymentLabel, statusLabel, suppliedOrOnItsWay } from '../labels.ts';
import { visibleHistory } from '../tracker.ts';
import { ReorderPanel, type ReorderCart } from './reorder-panel.tsx';
import { VatInvoiceSection } from '../../../components/ui/vat-invoice.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

/** The order's dishes and totals, where and how it is paid, its history, and Reorder. */
export function OrderDetails({
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
      {payable ? (
        <Notice role={undefined} className="p-4 text-base">
          <p className="font-semibold">This order is not paid yet, so the shop does not have it.</p>
          <Link to={`/payment?order=${order.id}`} className={buttonClass({ className: 'mt-3' })}>
            Pay {money(order.total)}
          </Link>
        </Notice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section className={CARD_CLASS} aria-labelledby="items-title">
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
              <div className="flex justify-between gap-3 text-emerald-800">
                <dt className="min-w-0 wrap-anywhere">Discount ({order.promo_code})</dt>
                <dd className="shrink-0">{money(-order.discount)}</dd>
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
          {order.vat_invoice && suppliedOrOnItsWay(order.status) ? (
            <VatInvoiceSection
              invoice={order.vat_invoice}
              money={money}
              when={(iso) => shopDateTime(iso, timeZone)}
            />
          ) : null}
          <section className={CARD_CLASS} aria-labelledby="details-title">
            <h2 id="details-title" className="text-xl font-semibold">
              Details
            </h2>
            <dl className="mt-2 space-y-3">
              <div>
                <dt className="text-sm font-semibold text-stone-700">Ordered</dt>
                <dd>
                  <time dateTime={order.created_at}>
                    {shopDateTime(order.created_at, timeZone)}
                  </time>
                </dd>
              </div>
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
                <dt className="text-sm font-semibold text-stone-700">Payment</dt>
                <dd data-testid="order-payment">
                  {order.payment.method === 'cash' ? 'Cash' : 'Card'} · {paymentLabel(order)}
                </dd>
              </div>
              {order.payment.refunded ? (
                <div>
                  <dt className="text-sm font-semibold text-stone-700">Refunded</dt>
                  <dd data-testid="order-refunded">
                    {money(order.payment.refunded)}
                    {order.payment.method === 'card' ? ' to your card' : ' in cash'}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="text-sm font-semibold text-stone-700">Store</dt>
                <dd>
                  {order.store.name} ·{' '}
                  <a href={telHref(order.store.phone)} className={LINK_CLASS}>
                    {formatPhone(order.store.phone)}
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

          <section className={CARD_CLASS} aria-labelledby="history-title">
            <h2 id="history-title" className="text-xl font-semibold">
              Status history
            </h2>
            <ol className="mt-2 space-y-2" data-testid="status-history">
              {visibleHistory(order).map((step, index) => (
                <li key={index}>
                  <span className="block font-medium">
                    {statusLabel(step.status, order.order_type)}
                  </span>
                  <time dateTime={step.at} className="block text-sm text-stone-700">
                    {shopDateTime(step.at, timeZone)}
                  </time>
                </li>
              ))}
            </ol>
          </section>

          <div className={CARD_CLASS}>
            <ReorderPanel order={order} cart={cart} money={money} />
          </div>
        </div>
      </div>
    </>
  );
}

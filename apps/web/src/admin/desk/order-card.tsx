import { memo } from 'react';
import type { DeskOrder } from '@servery/contract/desk';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { kitchenTimes } from './kitchen-times.ts';
import { LineAllergens } from './line-allergens.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderWaiting } from './order-waiting.tsx';
import { paymentWords } from './payment-words.ts';
import { formatPhone, telHref } from '@servery/contract/phone-format';

/**
 * A card off screen is not laid out or painted (a busy board has hundreds below the fold); its
 * last drawn height is kept, so the scrollbar does not jump.
 */
const OFF_SCREEN = '[content-visibility:auto] [contain-intrinsic-block-size:auto_22rem]';

/**
 * One order on the board: everything needed to make it and hand it over, readable at a distance.
 * Memoised: an event refetches the open orders, and the query keeps the objects of orders that did
 * not change (structural sharing), so only new and moved cards draw again.
 */
export const OrderCard = memo(function OrderCard({
  order,
  timeZone,
  onPrint,
  printing = false,
  autoRejectMinutes,
}: {
  order: DeskOrder;
  timeZone: string;
  onPrint: (orderId: string) => unknown;
  printing?: boolean;
  /** The shop's; the card counts down to the auto-reject while the order waits. */
  autoRejectMinutes?: number;
}) {
  const times = kitchenTimes(order, timeZone);
  return (
    <li className={`${CARD_CLASS} ${OFF_SCREEN} @container`} aria-labelledby={`order-${order.id}`}>
      {/* A card as wide as the board (a new order on a tablet, desk-page.tsx) has what to do
          beside the order rather than under it, so that its buttons are on the first screen. */}
      <div className="grid gap-3 @2xl:grid-cols-2 @2xl:gap-x-8">
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`order-${order.id}`} className="text-2xl font-bold">
              #{order.number} · {order.order_type === 'delivery' ? 'Delivery' : 'Collection'}
            </h3>
            {/* When the food must be ready, big; then what the customer counts on. */}
            <div>
              <p className="text-2xl font-bold" data-testid="order-ready">
                {times.ready}
              </p>
              <p className="text-base" data-testid="order-due">
                {times.customer}
              </p>
            </div>
          </div>
          {order.status === 'placed' && (
            <OrderWaiting order={order} timeZone={timeZone} autoRejectMinutes={autoRejectMinutes} />
          )}
          <p className="text-base">
            {order.customer.name}
            {order.customer.phone && (
              <>
                {' · '}
                <a className="underline" href={telHref(order.customer.phone)}>
                  {formatPhone(order.customer.phone)}
                </a>
              </>
            )}
            {' · '}
            {order.store.name}
          </p>
          <ul className="space-y-1 text-lg">
            {order.lines.map((line, i) => (
              <li key={i}>
                <span className="font-bold">{line.quantity}×</span> {line.name}
                {line.modifier_names.length > 0 && (
                  <span className="block pl-7 text-base text-stone-700">
                    {line.modifier_names.join(', ')}
                  </span>
                )}
                {line.note && (
                  <span className="block pl-7 text-base font-semibold">Note: {line.note}</span>
                )}
                <LineAllergens
                  allergens={line.allergens}
                  className="mt-1 ml-7 rounded-md bg-red-50 px-2 text-base text-red-900"
                />
              </li>
            ))}
          </ul>
          {order.notes && (
            <p className="rounded-lg bg-amber-100 p-2 font-semibold">Order note: {order.notes}</p>
          )}
          {order.address && (
            <p>
              {order.address.address_line1}
              {order.address.address_line2 && `, ${order.address.address_line2}`},{' '}
              {order.address.city} {order.address.postcode}
              {order.address.instructions && (
                <span className="block">“{order.address.instructions}”</span>
              )}
            </p>
          )}
          <p className="text-xl font-bold">{paymentWords(order)}</p>
        </div>
        <div className="space-y-3">
          <OrderActions order={order} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              disabled={printing}
              onClick={() => onPrint(order.id)}
            >
              {order.print_count > 0 ? 'Reprint ticket' : 'Print ticket'}
            </button>
            {order.print_count > 0 && (
              <span className="text-stone-700">
                Printed {order.print_count === 1 ? 'once' : `${order.print_count} times`}
              </span>
            )}
          </div>
        </div>
      </div>
    </li>
  );
});

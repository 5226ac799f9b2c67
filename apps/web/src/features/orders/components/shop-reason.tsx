import { ENDED_ORDER_MONEY } from '@servery/contract/desk-moves';
import type { Order } from '@servery/contract/order';

/**
 * What a declined or cancelled order's page says in place of a time (issue 27, point 5): that the
 * shop will not make it, the reason the staff chose and, in their own words, what they typed for
 * the customer, then what it cost them, in the words of the message they were sent
 * (desk-messages.ts).
 */
export function ShopReason({ order }: { order: Order }) {
  if (order.status !== 'rejected' && order.status !== 'cancelled') return null;
  const why = order.shop_reason;
  const store = order.store.name;
  return (
    <div
      className="mt-3 rounded-xl border-l-4 border-red-700 bg-red-50 p-3 text-red-950"
      data-testid="order-shop-reason"
    >
      <p className="text-lg font-semibold">
        {order.status === 'rejected'
          ? `Sorry, ${store} cannot make your order.`
          : `Sorry, ${store} has had to cancel your order.`}
      </p>
      {why?.reason ? <p className="font-semibold">{why.reason}.</p> : null}
      {why?.words ? (
        <figure className="mt-2">
          <blockquote className="text-lg">“{why.words}”</blockquote>
          <figcaption className="text-sm">{store}, in their own words</figcaption>
        </figure>
      ) : null}
      <p className="mt-2" data-testid="order-money-line">
        {ENDED_ORDER_MONEY}
      </p>
    </div>
  );
}

import type { Order } from '@servery/contract/order';

/**
 * Why the shop declined or cancelled the order (issue 27, point 5): the reason the staff chose
 * and, in their own words, what they typed for the customer.
 */
export function ShopReason({ order }: { order: Order }) {
  const why = order.shop_reason;
  if (!why) return null;
  const fallback =
    order.status === 'rejected'
      ? `${order.store.name} could not make your order.`
      : `${order.store.name} had to cancel your order.`;
  return (
    <div
      className="mt-3 rounded-xl border-l-4 border-red-700 bg-red-50 p-3 text-red-950"
      data-testid="order-shop-reason"
    >
      <p className="font-semibold">{why.reason ? `${why.reason}.` : fallback}</p>
      {why.words ? (
        <figure className="mt-2">
          <blockquote className="text-lg">“{why.words}”</blockquote>
          <figcaption className="text-sm">{order.store.name}, in their own words</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

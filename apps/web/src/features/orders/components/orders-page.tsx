import { Link, useLocation } from 'react-router';
import { Button, buttonClass, LINK_CLASS } from '../../../components/ui/button.tsx';
import { BADGE_CLASS, CARD_CLASS } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { serverMessage, toastServerError } from '../../../lib/api.ts';
import { useMoney } from '../../../lib/money.ts';
import { shopShortDateTime, useShopTimeZone } from '../../../lib/shop-time.ts';
import { useLazyGetOrderQuery } from '../../../lib/dishes-and-orders-api.ts';
import { useGetOrdersQuery } from '../api.ts';
import { refundLabel, statusLabel, statusTone } from '../labels.ts';
import { ReorderAction, type ReorderCart } from './reorder-panel.tsx';

const pageOf = (value: string | null) => {
  const page = Number(value ?? 1);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** product.md §2 /orders: the customer's orders, newest first, ten to a page, each with Reorder. */
export function OrdersPage({ cart }: { cart: ReorderCart }) {
  // useLocation, not useSearchParams: that hook would join the code every page loads.
  const page = pageOf(new URLSearchParams(useLocation().search).get('page'));
  const { data, isError, error, refetch, isFetching } = useGetOrdersQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const money = useMoney();
  const timeZone = useShopTimeZone();
  const href = (n: number) => (n === 1 ? '/orders' : `/orders?page=${n}`);
  const [getOrder] = useLazyGetOrderQuery();
  const loadOrder = async (id: string) => {
    const answer = await getOrder(id, true);
    if (answer.data) return answer.data;
    toastServerError(answer.error);
    return null;
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">Your orders</h1>
      {isError && !data ? (
        <div role="alert" className="mt-6">
          <p>{serverMessage(error)}</p>
          <Button variant="outline" onClick={() => void refetch()} className="mt-3">
            Try again
          </Button>
        </div>
      ) : !data ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : data.total === 0 ? (
        <div className="mt-6">
          <p className="text-stone-800">You have not ordered yet.</p>
          <Link to="/menu" className={buttonClass({ className: 'mt-4' })}>
            Browse the menu
          </Link>
        </div>
      ) : data.orders.length === 0 ? (
        <div className="mt-6">
          <p className="text-stone-800">There are no orders on this page.</p>
          <Link to="/orders" className={buttonClass({ variant: 'outline', className: 'mt-4' })}>
            Your latest orders
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-stone-700">
            {data.total} {data.total === 1 ? 'order' : 'orders'}, newest first.
          </p>
          <ul className="mt-6 space-y-3" aria-busy={isFetching}>
            {data.orders.map((order) => (
              <li key={order.id} className={CARD_CLASS} data-testid="order-summary">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold">
                    <Link to={`/orders/${order.id}`} className={LINK_CLASS}>
                      Order {order.number}
                    </Link>
                  </h2>
                  <span className={`${BADGE_CLASS} ${statusTone(order.status)}`}>
                    {statusLabel(order.status, order.order_type)}
                    {refundLabel(order) && ` · ${refundLabel(order)}`}
                  </span>
                </div>
                <p className="mt-1 text-stone-800">
                  {order.store_name} · {order.order_type === 'delivery' ? 'Delivery' : 'Collection'}{' '}
                  · {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                </p>
                <div className="mt-1 flex flex-wrap justify-between gap-2">
                  <p className="text-sm text-stone-700">
                    Ordered{' '}
                    <time dateTime={order.created_at}>
                      {shopShortDateTime(order.created_at, timeZone)}
                    </time>
                  </p>
                  <p className="font-semibold">{money(order.total)}</p>
                </div>
                <ReorderAction
                  load={() => loadOrder(order.id)}
                  cart={cart}
                  money={money}
                  variant="outline"
                  label={`Reorder order ${order.number}`}
                />
              </li>
            ))}
          </ul>
          {data.pages > 1 ? (
            <nav aria-label="Pages of orders" className="mt-6 flex items-center justify-between">
              {page > 1 ? (
                <Link
                  to={href(page - 1)}
                  className={buttonClass({ variant: 'outline' })}
                  rel="prev"
                >
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <p>
                Page {data.page} of {data.pages}
              </p>
              {page < data.pages ? (
                <Link
                  to={href(page + 1)}
                  className={buttonClass({ variant: 'outline' })}
                  rel="next"
                >
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

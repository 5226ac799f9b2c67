import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '@servery/contract/cart';
import type { Order } from '@servery/contract/order';
import { Button, LINK_CLASS } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toastServerError } from '../../../lib/api.ts';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useLazyDishesNowQuery } from '../../../lib/dishes-and-orders-api.ts';
import { reorderLines, type Reorder } from '../reorder.ts';

export interface ReorderCart {
  /** The store the basket's dishes are from; null when it is empty. */
  storeId: string | null;
  storeName: string | null;
  /** Puts lines in the basket, emptying it first when `startNewCart`. */
  add: (lines: CartLine[], startNewCart: boolean) => void;
}

interface Outcome extends Reorder {
  added: boolean;
}

/** The order page's "Order it again" section. */
export function ReorderPanel({
  order,
  cart,
  money,
}: {
  order: Order;
  cart: ReorderCart;
  money: MoneyFormatter;
}) {
  return (
    <section aria-labelledby="reorder-title">
      <h2 id="reorder-title" className="text-xl font-semibold">
        Order it again
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Puts these dishes back in your basket at today’s prices.
      </p>
      <ReorderAction load={() => Promise.resolve(order)} cart={cart} money={money} />
    </section>
  );
}

/**
 * "Reorder": the order's dishes back into the basket, each checked against the menu now
 * (GET /api/menu/item/{id}); what cannot be added is said plainly. A basket holds one store's
 * dishes, so a basket from another store is emptied only when the customer says so. `load`
 * gives the order (the /orders list fetches it on the click); null when it could not.
 */
export function ReorderAction({
  load,
  cart,
  money,
  label = 'Reorder',
  variant = 'primary',
}: {
  load: () => Promise<Order | null>;
  cart: ReorderCart;
  money: MoneyFormatter;
  label?: string;
  variant?: 'primary' | 'outline';
}) {
  const outcomeId = useId();
  const [loadMenu, { isFetching }] = useLazyDishesNowQuery();
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asking, setAsking] = useState<{ reorder: Reorder; order: Order } | null>(null);
  const busy = isFetching || loading;

  const put = (reorder: Reorder, startNewCart: boolean) => {
    cart.add(reorder.lines, startNewCart);
    setOutcome({ ...reorder, added: true });
    requestAnimationFrame(() => document.getElementById(outcomeId)?.focus());
  };

  const handleReorder = async () => {
    setOutcome(null);
    setLoading(true);
    const order = await load().finally(() => setLoading(false));
    if (!order) return;
    const itemIds = [...new Set(order.lines.map((line) => line.item_id))];
    const result = await loadMenu({ storeId: order.store.id, itemIds }, false);
    if (!result.data) return toastServerError(result.error);
    const reorder = reorderLines(order, result.data, money);
    if (reorder.lines.length === 0) {
      setOutcome({ ...reorder, added: false });
      requestAnimationFrame(() => document.getElementById(outcomeId)?.focus());
    } else if (cart.storeId && cart.storeId !== order.store.id) setAsking({ reorder, order });
    else put(reorder, false);
  };

  const answer = (startNewCart: boolean) => {
    const reorder = asking?.reorder;
    setAsking(null);
    if (reorder && startNewCart) put(reorder, true);
  };

  const count = outcome?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <div>
      <Button
        variant={variant}
        onClick={() => void handleReorder()}
        disabled={busy}
        aria-busy={busy}
        className="mt-3"
      >
        {label}
      </Button>
      {outcome ? (
        <div
          id={outcomeId}
          tabIndex={-1}
          role={outcome.added ? 'status' : 'alert'}
          className={`mt-4 rounded-lg border-l-4 px-3 py-2 text-sm outline-offset-2 ${
            outcome.added && !outcome.refused.length
              ? 'border-emerald-700 bg-emerald-50 text-emerald-950'
              : 'border-amber-600 bg-amber-50 text-amber-950'
          }`}
          data-testid="reorder-outcome"
        >
          {outcome.added ? (
            <p className="font-semibold">
              {count} {count === 1 ? 'item' : 'items'} added to your basket.
            </p>
          ) : (
            <p className="font-semibold">Nothing from this order can be added now.</p>
          )}
          {outcome.refused.length ? (
            <>
              <p className="mt-2 font-semibold">Not added:</p>
              <ul className="list-disc pl-5">
                {outcome.refused.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {outcome.repriced.length ? (
            <>
              <p className="mt-2 font-semibold">Prices have changed:</p>
              <ul className="list-disc pl-5">
                {outcome.repriced.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {outcome.added ? (
            // Straight on to checkout, as a returning customer mostly wants (issue 20: a reorder
            // in at most 6 taps); the basket stays one tap away for changes.
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <Link to="/checkout" className={LINK_CLASS}>
                Go to checkout
              </Link>
              <Link to="/cart" className={LINK_CLASS}>
                Go to your basket
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        id={`${outcomeId}-mix`}
        title="Start a new basket?"
        confirmLabel="Empty it and reorder"
        cancelLabel="Keep my basket"
        tone="primary"
        onCancel={() => answer(false)}
        onConfirm={() => answer(true)}
      >
        Your basket has dishes from {cart.storeName ?? 'another store'}. A basket holds dishes from
        one store only, so reordering from {asking?.order.store.name} empties it first.
      </ConfirmDialog>
    </div>
  );
}

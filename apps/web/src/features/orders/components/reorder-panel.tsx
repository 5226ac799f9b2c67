import { useState } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '@servery/contract/cart';
import type { Order } from '@servery/contract/order';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toastServerError } from '../../../lib/api.ts';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useLazyMenuNowQuery } from '../api.ts';
import { reorderLines, type Reorder } from '../reorder.ts';
import { LINK, OUTLINE, PRIMARY } from './styles.ts';

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

/**
 * "Reorder": the order's dishes back into the basket, each checked against the menu now
 * (GET /api/menu/item/{id}); what cannot be added is said plainly. A basket holds one store's
 * dishes, so a basket from another store is emptied only when the customer says so.
 */
export function ReorderPanel({
  order,
  cart,
  money,
}: {
  order: Order;
  cart: ReorderCart;
  money: MoneyFormatter;
}) {
  const [loadMenu, { isFetching }] = useLazyMenuNowQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asking, setAsking] = useState<Reorder | null>(null);

  const put = (reorder: Reorder, startNewCart: boolean) => {
    cart.add(reorder.lines, startNewCart);
    setOutcome({ ...reorder, added: true });
    requestAnimationFrame(() => document.getElementById('reorder-outcome')?.focus());
  };

  const handleReorder = async () => {
    setOutcome(null);
    const itemIds = [...new Set(order.lines.map((line) => line.item_id))];
    const result = await loadMenu({ storeId: order.store.id, itemIds }, false);
    if (!result.data) return toastServerError(result.error);
    const reorder = reorderLines(order, result.data, money);
    if (reorder.lines.length === 0) {
      setOutcome({ ...reorder, added: false });
      requestAnimationFrame(() => document.getElementById('reorder-outcome')?.focus());
    } else if (cart.storeId && cart.storeId !== order.store.id) setAsking(reorder);
    else put(reorder, false);
  };

  const answer = (startNewCart: boolean) => {
    const reorder = asking;
    setAsking(null);
    if (reorder && startNewCart) put(reorder, true);
  };

  const count = outcome?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <section aria-labelledby="reorder-title">
      <h2 id="reorder-title" className="text-xl font-semibold">
        Order it again
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Puts these dishes back in your basket at today’s prices.
      </p>
      <button
        type="button"
        onClick={() => void handleReorder()}
        disabled={isFetching}
        aria-busy={isFetching}
        className={`${PRIMARY} mt-3`}
      >
        Reorder
      </button>
      {outcome ? (
        <div
          id="reorder-outcome"
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
            <p className="mt-2">
              <Link to="/cart" className={LINK}>
                Go to your basket
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={asking !== null}
        onClose={() => answer(false)}
        labelledBy="reorder-mix-title"
        describedBy="reorder-mix-text"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="reorder-mix-title" className="text-xl font-semibold">
          Start a new basket?
        </h2>
        <p id="reorder-mix-text" className="mt-3 text-stone-800">
          Your basket has dishes from {cart.storeName ?? 'another store'}. A basket holds dishes
          from one store only, so reordering from {order.store.name} empties it first.
        </p>
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          <button type="button" data-autofocus onClick={() => answer(false)} className={OUTLINE}>
            Keep my basket
          </button>
          <button type="button" onClick={() => answer(true)} className={PRIMARY}>
            Empty it and reorder
          </button>
        </div>
      </Dialog>
    </section>
  );
}

import { useCallback, useState, type ReactNode } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { Dialog } from '../../components/ui/dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { lineAdded, selectCartStoreId, type CartState } from './cart-slice.ts';

interface Pending {
  line: CartLine;
  resolve: (added: boolean) => void;
}

const BUTTON = 'w-full rounded-lg px-5 py-2.5 font-semibold outline-offset-2';

/**
 * Adding to the cart. A cart holds one store's dishes: a dish from another store asks first
 * (keep the basket, or empty it and start from the new store); nothing is ever mixed silently.
 * Render `dialog` once on the page.
 */
export function useAddToCart(storeName: (storeId: string) => string | undefined): {
  add: (line: CartLine) => Promise<boolean>;
  dialog: ReactNode;
} {
  const dispatch = useDispatch();
  const store = useStore<{ cartList: CartState }>();
  const [pending, setPending] = useState<Pending | null>(null);

  const put = useCallback(
    (line: CartLine, startNewCart: boolean) => {
      dispatch(lineAdded({ line, startNewCart }));
      toast.success(
        line.quantity > 1
          ? `${line.quantity} × ${line.name} added to your basket.`
          : `${line.name} added to your basket.`,
      );
    },
    [dispatch],
  );

  const add = useCallback(
    (line: CartLine) => {
      const cartStore = selectCartStoreId(store.getState());
      if (cartStore === null || cartStore === line.store_id) {
        put(line, false);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => setPending({ line, resolve }));
    },
    [store, put],
  );

  const answer = (startNewCart: boolean) => {
    if (!pending) return;
    if (startNewCart) put(pending.line, true);
    pending.resolve(startNewCart);
    setPending(null);
  };

  const cartStore = useSelector(selectCartStoreId);
  const dialog = (
    <Dialog
      open={pending !== null}
      onClose={() => answer(false)}
      labelledBy="mix-title"
      describedBy="mix-text"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id="mix-title" className="text-xl font-semibold">
        Start a new basket?
      </h2>
      <p id="mix-text" className="mt-3 text-stone-800">
        Your basket has dishes from {(cartStore && storeName(cartStore)) ?? 'another store'}. A
        basket holds dishes from one store only, so adding {pending?.line.name} from{' '}
        {(pending && storeName(pending.line.store_id)) ?? 'this store'} empties it first.
      </p>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          data-autofocus
          onClick={() => answer(false)}
          className={`${BUTTON} border border-stone-400`}
        >
          Keep my basket
        </button>
        <button
          type="button"
          onClick={() => answer(true)}
          className={`${BUTTON} bg-primary text-on-primary`}
        >
          Empty it and add
        </button>
      </div>
    </Dialog>
  );

  return { add, dialog };
}

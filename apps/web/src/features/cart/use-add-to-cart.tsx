import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { toast } from '../../lib/toast.ts';
import { lineAdded, selectCartStoreId, type CartState } from './cart-slice.ts';

/** Asked only when a dish comes from another store than the basket's: a chunk of its own. */
const MixBasketDialog = lazy(() =>
  import('./components/mix-basket-dialog.tsx').then((m) => ({ default: m.MixBasketDialog })),
);

/** Below Tailwind's `sm`, where the basket bar shows. */
const PHONE = '(max-width: 639.98px)';

interface Pending {
  line: CartLine;
  resolve: (added: boolean) => void;
}

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
      // On a phone the basket bar counts the dish on the menu (and a dish's page goes back to
      // it): a toast would only repeat the bar and cover the page (issue 30).
      if (window.matchMedia(PHONE).matches) return;
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

  // The question's code arrives with the first conflict and stays, so its dialog closes (and
  // gives focus back) as a dialog does.
  const [asked, setAsked] = useState(false);
  if (pending && !asked) setAsked(true);
  const dialog = asked ? (
    <Suspense fallback={null}>
      <MixBasketDialog line={pending?.line ?? null} storeName={storeName} onAnswer={answer} />
    </Suspense>
  ) : null;

  return { add, dialog };
}

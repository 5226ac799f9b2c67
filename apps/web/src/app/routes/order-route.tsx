import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { lineAdded, selectCartStoreId } from '../../features/cart/cart-slice.ts';
import { useGetStoresQuery } from '../../features/menu/api.ts';
import { OrderPage, type KitchenOpens } from '../../features/orders/components/order-page.tsx';
import { OrdersPage } from '../../features/orders/components/orders-page.tsx';
import type { ReorderCart } from '../../features/orders/components/reorder-panel.tsx';
import type { RootState } from '../app-state.ts';

/** The basket as Reorder sees it: its store, and a way to put lines in. */
function useReorderCart(): ReorderCart {
  const dispatch = useDispatch();
  const storeId = useSelector((state: RootState) => selectCartStoreId(state));
  const { data: stores } = useGetStoresQuery();
  const add = useCallback(
    (lines: CartLine[], startNewCart: boolean) =>
      lines.forEach((line, index) =>
        dispatch(lineAdded({ line, startNewCart: startNewCart && index === 0 })),
      ),
    [dispatch],
  );
  const storeName = stores?.find((s) => s.id === storeId)?.name ?? null;
  return { storeId, storeName, add };
}

/**
 * When a store closed now opens, from the store list (asked again when over a minute old, as
 * the customer may come from a checkout opened before closing time): a placed order is
 * answered by the kitchen from then. Null while it is open, or closed by the shop.
 */
function useKitchenOpens(): KitchenOpens {
  const { data: stores } = useGetStoresQuery(undefined, { refetchOnMountOrArgChange: 60 });
  return useCallback(
    (storeId: string) => {
      const store = stores?.find((s) => s.id === storeId);
      if (!store || store.is_open_now || store.is_closed) return null;
      return store.status_text?.startsWith('Opens') ? store.status_text : null;
    },
    [stores],
  );
}

/** /orders/{id}, whose Reorder puts lines back into the basket through the cart's actions. */
export function OrderRoute() {
  return <OrderPage cart={useReorderCart()} kitchenOpens={useKitchenOpens()} />;
}

/** /orders, where each order has its Reorder too. */
export function OrdersRoute() {
  return <OrdersPage cart={useReorderCart()} />;
}

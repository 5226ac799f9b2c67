import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { lineAdded, selectCartStoreId } from '../../features/cart/cart-slice.ts';
import { useGetStoresQuery } from '../../features/menu/api.ts';
import { OrderPage } from '../../features/orders/components/order-page.tsx';
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

/** /orders/{id}, whose Reorder puts lines back into the basket through the cart's actions. */
export function OrderRoute() {
  return <OrderPage cart={useReorderCart()} />;
}

/** /orders, where each order has its Reorder too. */
export function OrdersRoute() {
  return <OrdersPage cart={useReorderCart()} />;
}

import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { lineAdded, selectCartStoreId } from '../../features/cart/cart-slice.ts';
import { useGetStoresQuery } from '../../features/menu/api.ts';
import { OrderPage } from '../../features/orders/components/order-page.tsx';
import type { RootState } from '../store.ts';

/** /orders/{id}, whose Reorder puts lines back into the basket through the cart's actions. */
export function OrderRoute() {
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
  return <OrderPage cart={{ storeId, storeName, add }} />;
}

import { useSelector } from 'react-redux';
import { CartPage } from '../../features/cart/components/cart-page.tsx';
import { selectCartStoreId } from '../../features/cart/cart-slice.ts';
import { useGetStoresQuery } from '../../features/menu/api.ts';
import type { RootState } from '../app-state.ts';

/** The cart page with its store (for the minimum order). */
export function CartRoute() {
  const storeId = useSelector((state: RootState) => selectCartStoreId(state));
  const { data: stores } = useGetStoresQuery();
  return <CartPage store={stores?.find((s) => s.id === storeId)} />;
}

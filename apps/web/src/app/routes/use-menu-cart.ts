import { useCallback } from 'react';
import { useAddToCart } from '../../features/cart/use-add-to-cart.tsx';
import { useGetStoresQuery } from '../../features/menu/api.ts';

/** The cart's add, for the menu pages (features meet here, in the app). */
export function useMenuCart() {
  const { data: stores } = useGetStoresQuery();
  const storeName = useCallback((id: string) => stores?.find((s) => s.id === id)?.name, [stores]);
  return useAddToCart(storeName);
}

import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { selectCartLines, type CartState } from '../cart-slice.ts';

const BasketBar = lazy(() => import('./basket-bar.tsx').then((m) => ({ default: m.BasketBar })));

/**
 * Where the basket bar goes (basket-bar.tsx): its code arrives once the basket holds something,
 * so an empty basket's pages do not carry it (issue 19's budget).
 */
export function BasketBarSlot() {
  const filled = useSelector((state: { cartList: CartState }) => selectCartLines(state).length > 0);
  return filled ? (
    <Suspense fallback={null}>
      <BasketBar />
    </Suspense>
  ) : null;
}

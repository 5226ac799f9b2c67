import { BasketBarSlot } from '../../features/cart/components/basket-bar-slot.tsx';
import { StoreListPage } from '../../features/menu/components/stores/store-list-pages.tsx';

/** product.md §2's store listings, with the basket bar on phones. */
export function StoreListRoute() {
  return (
    <>
      <StoreListPage />
      <BasketBarSlot />
    </>
  );
}

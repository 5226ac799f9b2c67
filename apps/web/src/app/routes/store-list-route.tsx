import { BasketBar } from '../../features/cart/components/basket-bar.tsx';
import { StoreListPage } from '../../features/menu/components/stores/store-list-pages.tsx';

/** SPEC §2's store listings, with the basket bar on phones. */
export function StoreListRoute() {
  return (
    <>
      <StoreListPage />
      <BasketBar />
    </>
  );
}

import { BasketBarSlot } from '../../features/cart/components/basket-bar-slot.tsx';
import { StoresPage } from '../../features/menu/components/stores/stores-page.tsx';

/** /store and /stores, with the basket bar on phones. */
export function StoresRoute() {
  return (
    <>
      <StoresPage />
      <BasketBarSlot />
    </>
  );
}

import { BasketBar } from '../../features/cart/components/basket-bar.tsx';
import { ProductDetailsPage } from '../../features/menu/components/product-details-page.tsx';
import { useMenuCart } from './use-menu-cart.ts';

export function ProductDetailsRoute() {
  const { add, dialog } = useMenuCart();
  return (
    <>
      <ProductDetailsPage onAdd={add} />
      <BasketBar />
      {dialog}
    </>
  );
}

import { ProductDetailsPage } from '../../features/menu/components/product-details-page.tsx';
import { useMenuCart } from './use-menu-cart.ts';

/**
 * The dish page. No basket bar here: on a phone the bottom of the screen holds the dish's own
 * "Add to basket" (the header's cart keeps the count); adding returns to the menu, which has it.
 */
export function ProductDetailsRoute() {
  const { add, dialog } = useMenuCart();
  return (
    <>
      <ProductDetailsPage onAdd={add} />
      {dialog}
    </>
  );
}

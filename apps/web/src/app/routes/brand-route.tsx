import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { selectItemCounts } from '../../features/cart/item-counts.ts';
import { BasketBarSlot } from '../../features/cart/components/basket-bar-slot.tsx';
import { BrandPage } from '../../features/content/components/brand-page.tsx';
import { BrandDishes } from '../../features/menu/components/brand-dishes.tsx';
import type { RootState } from '../app-state.ts';
import { useMenuCart } from './use-menu-cart.ts';

/** A brand's landing page with that kitchen's dishes (features meet here, in the app). */
export function BrandRoute() {
  const { brandSlug = '' } = useParams();
  const { add, dialog } = useMenuCart();
  const inBasket = useSelector((state: RootState) => selectItemCounts(state));
  return (
    <>
      <BrandPage
        dishes={(brandName) => (
          <BrandDishes
            brandSlug={brandSlug}
            brandName={brandName}
            onAdd={add}
            inBasket={inBasket}
          />
        )}
      />
      <BasketBarSlot />
      {dialog}
    </>
  );
}

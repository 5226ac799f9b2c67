import { useSelector } from 'react-redux';
import { selectItemCounts } from '../../features/cart/item-counts.ts';
import { BasketBarSlot } from '../../features/cart/components/basket-bar-slot.tsx';
import { MenuPage } from '../../features/menu/components/menu-page.tsx';
import type { RootState } from '../app-state.ts';
import { useMenuCart } from './use-menu-cart.ts';

export function MenuRoute() {
  const { add, dialog } = useMenuCart();
  const inBasket = useSelector((state: RootState) => selectItemCounts(state));
  return (
    <>
      <MenuPage onAdd={add} inBasket={inBasket} />
      <BasketBarSlot />
      {dialog}
    </>
  );
}

import { MenuPage } from '../../features/menu/components/menu-page.tsx';
import { useMenuCart } from './use-menu-cart.ts';

export function MenuRoute() {
  const { add, dialog } = useMenuCart();
  return (
    <>
      <MenuPage onAdd={add} />
      {dialog}
    </>
  );
}

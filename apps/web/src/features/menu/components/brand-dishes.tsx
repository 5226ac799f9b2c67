import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { MenuListItem } from '@servery/contract/menu';
import { useMoney } from '../../../lib/money.ts';
import { useGetMenuQuery } from '../api.ts';
import { plainLine, type AddToCart } from '../cart-line.ts';
import { useCurrentStore } from '../use-current-store.ts';
import { DishCard } from './dish-card.tsx';
import type { BasketCounts } from './menu-sections.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

const NO_COUNTS: BasketCounts = new Map();

interface BrandDishesProps {
  brandSlug: string;
  brandName: string;
  onAdd: AddToCart;
  inBasket?: BasketCounts;
}

/**
 * A brand's dishes on its landing page (issue 20): the categories of the current store's menu
 * that the tenant document gives to the brand, as the menu shows them. Nothing when the store
 * sells none of the brand's dishes.
 */
export function BrandDishes({
  brandSlug,
  brandName,
  onAdd,
  inBasket = NO_COUNTS,
}: BrandDishesProps) {
  const { store } = useCurrentStore();
  const menu = useGetMenuQuery(store?.menu_id ? store.id : skipToken);
  const money = useMoney();
  const navigate = useNavigate();
  const storeId = store?.id ?? '';
  const handleOpen = useCallback((path: string) => void navigate(path), [navigate]);
  const handleAdd = useCallback(
    (item: MenuListItem) => void onAdd(plainLine(item, storeId)),
    [onAdd, storeId],
  );

  if (!store?.menu_id || menu.isError) return null;
  if (!menu.data) return <Skeleton className="mt-10 h-40" />;
  const categories = menu.data.categories.filter((c) => c.brand === brandSlug);
  if (categories.length === 0) return null;

  return (
    <section aria-labelledby="brand-dishes" className="mt-10">
      <h2 id="brand-dishes" className="text-2xl font-bold">
        {brandName} dishes at {store.name}
      </h2>
      {categories.map((category) => (
        <div key={category.id} className="mt-6">
          <h3 className="text-xl font-bold">{category.name}</h3>
          {category.description ? (
            <p className="mt-1 text-stone-700">{category.description}</p>
          ) : null}
          <ul className="mt-3 grid gap-2 sm:grid-cols-2 sm:gap-4">
            {category.items.map((item) => (
              <li key={item.id}>
                <DishCard
                  item={item}
                  storeId={store.id}
                  money={money}
                  inBasket={inBasket.get(item.id) ?? 0}
                  onAdd={handleAdd}
                  onOpen={handleOpen}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

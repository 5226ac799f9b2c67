import { memo, startTransition, useEffect, useState, type CSSProperties } from 'react';
import type { MenuCategory, MenuListItem, StoreMenu } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { categoryAnchor } from './category-nav.tsx';
import { DishCard } from './dish-card.tsx';

/** How many of each dish (by its id) the basket holds already. */
export type BasketCounts = ReadonlyMap<string, number>;

interface MenuSectionsProps {
  menu: StoreMenu;
  masks: readonly (string | null)[];
  counts: readonly number[];
  storeId: string;
  money: MoneyFormatter;
  inBasket: BasketCounts;
  onAdd: (item: MenuListItem) => void;
  onOpen: (path: string) => void;
}

/** Dishes in the menu's first drawing: more than a tall screen shows. */
const FIRST_DISHES = 16;
/** Dishes added in each later step. */
const STEP_DISHES = 40;

/** How many categories, from `from`, hold at least `dishes` dishes (at least one category). */
function categoriesHolding(menu: StoreMenu, from: number, dishes: number): number {
  let to = from;
  let count = 0;
  while (to < menu.categories.length && (to === from || count < dishes)) {
    count += menu.categories[to]!.items.length;
    to++;
  }
  return to;
}

/**
 * Every dish of the menu stays rendered; the filters hide the ones they leave out. A filter
 * change touches only the categories whose dishes it shows or hides, and no card renders
 * again: on a 500-dish menu it is a few attribute changes, not hundreds of cards rebuilt.
 *
 * The dishes arrive in steps: the first categories at once (more than a screen), the rest a
 * few dozen dishes at a time in transitions, so no step holds the main thread for long. Every
 * category's heading is there from the start, for the category bar to jump to.
 */
export const MenuSections = memo(function MenuSections({
  menu,
  masks,
  counts,
  storeId,
  money,
  inBasket,
  onAdd,
  onOpen,
}: MenuSectionsProps) {
  const [drawn, setDrawn] = useState(() => categoriesHolding(menu, 0, FIRST_DISHES));
  useEffect(() => {
    if (drawn >= menu.categories.length) return;
    startTransition(() => setDrawn(categoriesHolding(menu, drawn, STEP_DISHES)));
  }, [menu, drawn]);

  const shown = counts.reduce((sum, count) => sum + count, 0);
  return (
    <div className="mt-4 flex flex-col gap-8 sm:gap-10" hidden={shown === 0}>
      {menu.categories.map((category, index) => (
        <MenuSection
          key={category.id}
          category={category}
          drawn={index < drawn}
          mask={masks[index] ?? null}
          count={counts[index] ?? 0}
          storeId={storeId}
          money={money}
          inBasket={inBasket}
          onAdd={onAdd}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
});

interface MenuSectionProps {
  category: MenuCategory;
  /** False until the section's step has come: its dishes are not rendered yet. */
  drawn: boolean;
  /** Which dishes show ("1") or hide ("0"), in order; null when all show. */
  mask: string | null;
  count: number;
  storeId: string;
  money: MoneyFormatter;
  inBasket: BasketCounts;
  onAdd: (item: MenuListItem) => void;
  onOpen: (path: string) => void;
}

const MenuSection = memo(function MenuSection({
  category,
  drawn,
  mask,
  count,
  storeId,
  money,
  inBasket,
  onAdd,
  onOpen,
}: MenuSectionProps) {
  const anchor = categoryAnchor(category.slug);
  // Off-screen categories skip style, layout and paint until they come near (500-dish menus);
  // until then they hold about their height (a dish card a row, one or two columns).
  const size = {
    '--dish-rows': count,
    '--dish-rows-sm': Math.ceil(count / 2),
  } as CSSProperties;
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      hidden={count === 0}
      style={size}
      className="[contain-intrinsic-height:auto_calc(5rem+var(--dish-rows)*8.25rem)] [content-visibility:auto] sm:[contain-intrinsic-height:auto_calc(6rem+var(--dish-rows-sm)*9.5rem)]"
    >
      <h2 id={`${anchor}-title`} tabIndex={-1} className="text-xl font-bold sm:text-2xl">
        {category.name}
      </h2>
      {category.description ? <p className="mt-1 text-stone-700">{category.description}</p> : null}
      <ul className="mt-3 grid gap-2 sm:mt-4 sm:grid-cols-2 sm:gap-4">
        {(drawn ? category.items : []).map((item, index) => (
          <li key={item.id} hidden={mask !== null && mask[index] !== '1'}>
            <DishCard
              item={item}
              storeId={storeId}
              money={money}
              inBasket={inBasket.get(item.id) ?? 0}
              onAdd={onAdd}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});

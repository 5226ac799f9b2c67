import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Allergen, DietaryTag } from '@servery/contract/allergens';
import type { MenuCategory, MenuListItem, StoreMenu, StoreSummary } from '@servery/contract/menu';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import { useGetMenuQuery } from '../api.ts';
import { plainLine, type AddToCart } from '../cart-line.ts';
import { hasActiveFilters, matchMenu } from '../menu-filters.ts';
import { useCurrentStore } from '../use-current-store.ts';
import { CategoryNav, categoryAnchor } from './category-nav.tsx';
import { DishCard } from './dish-card.tsx';
import { MenuSkeleton } from './menu-skeleton.tsx';
import { MenuToolbar } from './menu-toolbar.tsx';
import { StoreStatus } from './store-facts.tsx';
import { LINK, OUTLINE } from './styles.ts';

/** How many of each dish (by its id) the basket holds already. */
export type BasketCounts = ReadonlyMap<string, number>;
const NO_COUNTS: BasketCounts = new Map();

interface MenuPageProps {
  onAdd: AddToCart;
  inBasket?: BasketCounts;
}

/** SPEC §2 /menu (and / when isHomePage is 0): the chosen store's menu. */
export function MenuPage({ onAdd, inBasket = NO_COUNTS }: MenuPageProps) {
  const { store, isError, refetch, data: stores } = useCurrentStore();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">Menu</h1>
      {store ? (
        <StoreBar store={store} />
      ) : isError ? (
        <Failed what="the stores" onRetry={refetch} />
      ) : stores ? (
        <p className="mt-4">This shop has no stores taking orders yet.</p>
      ) : (
        <MenuSkeleton />
      )}
      {store ? (
        <StoreMenuView key={store.id} store={store} onAdd={onAdd} inBasket={inBasket} />
      ) : null}
    </div>
  );
}

function StoreBar({ store }: { store: StoreSummary }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-stone-800">
      <p>
        Ordering from <span className="font-semibold">{store.name}</span>
      </p>
      <StoreStatus store={store} />
      <Link to="/stores" className={LINK}>
        Change store
      </Link>
    </div>
  );
}

function Failed({ what, onRetry }: { what: string; onRetry: () => unknown }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
      <p>We could not load {what}.</p>
      <button type="button" onClick={() => void onRetry()} className={`${OUTLINE} mt-3`}>
        Try again
      </button>
    </div>
  );
}

function StoreMenuView({
  store,
  onAdd,
  inBasket,
}: {
  store: StoreSummary;
  onAdd: AddToCart;
  inBasket: BasketCounts;
}) {
  // A dish sold out during service shows as such when the customer comes back to the page.
  const menu = useGetMenuQuery(store.menu_id ? store.id : skipToken, { refetchOnFocus: true });
  // The dishes render in a transition: React builds them in short slices with the browser free
  // in between, instead of one long task when the menu arrives or the page opens with it
  // already loaded (the skeleton shows till then).
  const data = useDeferredValue(menu.data ?? null, null);
  const money = useMoney();
  const [query, setQuery] = useState('');
  const [avoid, setAvoid] = useState<Allergen[]>([]);
  const [diets, setDiets] = useState<DietaryTag[]>([]);
  // Typing and ticking stay instant; the list follows when the browser has a moment.
  const deferredQuery = useDeferredValue(query);
  const deferredAvoid = useDeferredValue(avoid);
  const deferredDiets = useDeferredValue(diets);
  const filters = useMemo(
    () => ({ query: deferredQuery, avoid: deferredAvoid, diets: deferredDiets }),
    [deferredQuery, deferredAvoid, deferredDiets],
  );
  const matches = useMemo(() => (data ? matchMenu(data, filters) : null), [data, filters]);
  const storeId = store.id;
  const navigate = useNavigate();
  const handleOpen = useCallback((path: string) => void navigate(path), [navigate]);
  const handleAdd = useCallback(
    (item: MenuListItem) => void onAdd(plainLine(item, storeId)),
    [onAdd, storeId],
  );

  if (!store.menu_id) {
    return (
      <p className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        {store.name} has no menu online yet.{' '}
        <Link to="/stores" className={LINK}>
          Choose another store
        </Link>
      </p>
    );
  }
  if (menu.isError) return <Failed what="the menu" onRetry={menu.refetch} />;
  if (!data || !matches) return <MenuSkeleton />;

  const clearAll = () => {
    setQuery('');
    setAvoid([]);
    setDiets([]);
  };
  const active = hasActiveFilters(filters);

  return (
    <>
      <div className="mt-5">
        <MenuToolbar
          query={query}
          onQuery={setQuery}
          avoid={avoid}
          onAvoid={setAvoid}
          diets={diets}
          onDiets={setDiets}
        />
      </div>
      <p role="status" className="mt-3 text-sm text-stone-700">
        {active ? `Showing ${matches.shown} of ${matches.total} dishes` : ''}
      </p>
      <CategoryNav categories={matches.categories} />
      {matches.shown === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
          <p>No dishes match your search and filters.</p>
          <button type="button" onClick={clearAll} className={`${OUTLINE} mt-3`}>
            Clear search and filters
          </button>
        </div>
      ) : null}
      <MenuSections
        menu={data}
        masks={matches.masks}
        counts={matches.counts}
        storeId={storeId}
        money={money}
        inBasket={inBasket}
        onAdd={handleAdd}
        onOpen={handleOpen}
      />
    </>
  );
}

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
const MenuSections = memo(function MenuSections({
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
    <div className="mt-4 flex flex-col gap-10" hidden={shown === 0}>
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
      className="scroll-mt-16 [contain-intrinsic-height:auto_calc(6rem+var(--dish-rows)*15.25rem)] [content-visibility:auto] sm:[contain-intrinsic-height:auto_calc(6rem+var(--dish-rows-sm)*15.25rem)]"
    >
      <h2 id={`${anchor}-title`} tabIndex={-1} className="text-2xl font-bold">
        {category.name}
      </h2>
      {category.description ? <p className="mt-1 text-stone-700">{category.description}</p> : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
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

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Allergen, DietaryTag } from '@servery/contract/allergens';
import type { MenuListItem, StoreSummary } from '@servery/contract/menu';
import { useMoney } from '../../../lib/money.ts';
import { useGetMenuQuery } from '../api.ts';
import { plainLine, type AddToCart } from '../cart-line.ts';
import { hasActiveFilters, matchMenu } from '../menu-filters.ts';
import { useCurrentStore } from '../use-current-store.ts';
import { CategoryNav, jumpToCategory } from './category-nav.tsx';
import { ClosedNote, DeliveryFacts } from './delivery-facts.tsx';
import { MenuSections, type BasketCounts } from './menu-sections.tsx';
import { MenuSkeleton } from './menu-skeleton.tsx';
import { MenuToolbar } from './menu-toolbar.tsx';
import { StoreFactsLine } from './store-facts-line.tsx';
import { buttonClass, LINK_CLASS } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

const NO_COUNTS: BasketCounts = new Map();

interface MenuPageProps {
  onAdd: AddToCart;
  inBasket?: BasketCounts;
}

/** product.md §2 /menu (and / when isHomePage is 0): the chosen store's menu. */
export function MenuPage({ onAdd, inBasket = NO_COUNTS }: MenuPageProps) {
  const { store, isError, refetch, data: stores } = useCurrentStore();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 pb-16 sm:pt-6">
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Menu</h1>
        {store ? (
          <Link to="/stores" className={`${LINK_CLASS} text-sm`}>
            Change store
          </Link>
        ) : null}
      </div>
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
    <div className="mt-1 text-stone-800">
      <p>
        Ordering from <span className="font-semibold">{store.name}</span>
      </p>
      <StoreFactsLine store={store} />
      <ClosedNote store={store} />
      <DeliveryFacts key={store.id} store={store} />
    </div>
  );
}

function Failed({ what, onRetry }: { what: string; onRetry: () => unknown }) {
  return (
    <Card role="alert" className="mt-6">
      <p>We could not load {what}.</p>
      <button
        type="button"
        onClick={() => void onRetry()}
        className={buttonClass({ variant: 'outline', className: 'mt-3' })}
      >
        Try again
      </button>
    </Card>
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

  useReturnToCategory(data !== null);

  if (!store.menu_id) {
    return (
      <Card className="mt-6">
        {store.name} has no menu online yet.{' '}
        <Link to="/stores" className={LINK_CLASS}>
          Choose another store
        </Link>
      </Card>
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
      <div className="mt-3">
        <MenuToolbar
          query={query}
          onQuery={setQuery}
          avoid={avoid}
          onAvoid={setAvoid}
          diets={diets}
          onDiets={setDiets}
        />
      </div>
      <p role="status" className={active ? 'mt-2 text-sm text-stone-700' : 'sr-only'}>
        {active ? `Showing ${matches.shown} of ${matches.total} dishes` : ''}
      </p>
      <CategoryNav categories={matches.categories} />
      {matches.shown === 0 ? (
        <Card className="mt-6">
          <p>No dishes match your search and filters.</p>
          <button
            type="button"
            onClick={clearAll}
            className={buttonClass({ variant: 'outline', className: 'mt-3' })}
          >
            Clear search and filters
          </button>
        </Card>
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

/**
 * Coming from a dish (added, or "Back to the menu"), the menu opens at that dish's category
 * rather than at its top (issue 20), once, when the menu is on screen.
 */
function useReturnToCategory(ready: boolean) {
  const location = useLocation();
  // Going Back to such a menu returns to where the reader was instead (the app's scroll memory).
  const back = useNavigationType() === 'POP';
  const category = back ? undefined : (location.state as { category?: string } | null)?.category;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !category || done.current === location.key) return;
    const frame = requestAnimationFrame(() => {
      done.current = location.key;
      jumpToCategory(category);
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, category, location.key]);
}

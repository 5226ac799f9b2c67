import { lazy, Suspense } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetMenuQuery } from '../../features/menu/api.ts';
import { MenuPageSkeleton } from '../../features/menu/components/menu-skeleton.tsx';
import { useCurrentStore } from '../../features/menu/use-current-store.ts';
import { useChunkAfterFirstPaint } from '../first-paint.ts';
import { lazyPage } from '../lazy-page.ts';

let menuRoute: ReturnType<typeof loadMenuRoute> | undefined;
function loadMenuRoute() {
  return lazyPage(() => import('./menu-route.tsx'))().then((m) => ({ default: m.MenuRoute }));
}
/** The menu page's chunk, fetched once (a failure shows the route's error page). */
const menuRouteChunk = () => (menuRoute ??= loadMenuRoute());
const MenuRoute = lazy(menuRouteChunk);

/**
 * The menu's data, asked for with the first render: the stores, then the chosen store's menu.
 * The page reads the same cache, so neither request waits for the page's code.
 */
function MenuData() {
  const { store } = useCurrentStore();
  useGetMenuQuery(store?.menu_id ? store.id : skipToken);
  return null;
}

/**
 * The ordering menu (/menu, and / when isHomePage is 0). The first frame comes from the main
 * bundle: the page's heading and skeleton, in place, while the data is asked for. The page's
 * own code is fetched once that frame is on screen, so it does not compete with the first
 * paint; it still arrives before the menu it shows (stores, then menu: two round trips).
 */
export function MenuRouteLoader() {
  const requested = useChunkAfterFirstPaint(
    () => void menuRouteChunk().catch(() => undefined),
    () => menuRoute !== undefined,
  );
  return (
    <>
      <MenuData />
      {requested ? (
        <Suspense fallback={<MenuPageSkeleton />}>
          <MenuRoute />
        </Suspense>
      ) : (
        <MenuPageSkeleton />
      )}
    </>
  );
}

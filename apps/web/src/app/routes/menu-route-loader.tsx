import { Suspense } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetMenuQuery } from '../../features/menu/api.ts';
import { MenuPageSkeleton } from '../../features/menu/components/menu-skeleton.tsx';
import { useCurrentStore } from '../../features/menu/use-current-store.ts';
import { pageAfterFirstPaint } from '../first-paint.ts';

const menuPage = pageAfterFirstPaint(() =>
  import('./menu-route.tsx').then((m) => ({ default: m.MenuRoute })),
);

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
  const requested = menuPage.useRequested();
  return (
    <>
      <MenuData />
      {requested ? (
        <Suspense fallback={<MenuPageSkeleton />}>
          <menuPage.Page />
        </Suspense>
      ) : (
        <MenuPageSkeleton />
      )}
    </>
  );
}

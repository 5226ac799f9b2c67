import { lazy, Suspense, useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetMenuQuery } from '../../features/menu/api.ts';
import { MenuPageSkeleton } from '../../features/menu/components/menu-skeleton.tsx';
import { useCurrentStore } from '../../features/menu/use-current-store.ts';
import { lazyPage } from '../lazy-page.ts';

let menuRoute: ReturnType<typeof loadMenuRoute> | undefined;
function loadMenuRoute() {
  return lazyPage(() => import('./menu-route.tsx'))().then((m) => ({ default: m.MenuRoute }));
}
/** The menu page's chunk, fetched once (a failure shows the route's error page). */
const menuRouteChunk = () => (menuRoute ??= loadMenuRoute());
const MenuRoute = lazy(menuRouteChunk);

/** Longest wait for the first paint (a tab opened in the background paints nothing). */
const FIRST_PAINT_WAIT_MS = 1000;

/** Calls `then` once the page's first content is on screen (or after a second at most). */
function afterFirstPaint(then: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(finish, FIRST_PAINT_WAIT_MS);
  let observer: PerformanceObserver | undefined;
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(finish, 0));
  }
  return () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
}

/**
 * The menu's data, asked for with the first render: the stores, then the chosen store's menu.
 * The page reads the same cache, so neither request waits for the page's code.
 */
function MenuData() {
  const { store } = useCurrentStore();
  useGetMenuQuery(store?.menu_id ? store.id : skipToken);
  return null;
}

/** Whether the page has painted content already (coming to the menu from another page). */
const painted = () =>
  typeof performance.getEntriesByName === 'function' &&
  performance.getEntriesByName('first-contentful-paint').length > 0;

/** False until the page's chunk has been asked for, after the first paint. */
function useMenuRouteRequested() {
  const [requested, setRequested] = useState(() => menuRoute !== undefined || painted());
  useEffect(() => {
    if (requested) return;
    let timer = 0;
    const cancel = afterFirstPaint(() => {
      menuRouteChunk().catch(() => undefined);
      // Rendered in a task of its own: starting the fetches and rendering are two short tasks.
      timer = window.setTimeout(() => setRequested(true), 0);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [requested]);
  return requested;
}

/**
 * The ordering menu (/menu, and / when isHomePage is 0). The first frame comes from the main
 * bundle: the page's heading and skeleton, in place, while the data is asked for. The page's
 * own code is fetched once that frame is on screen, so it does not compete with the first
 * paint; it still arrives before the menu it shows (stores, then menu: two round trips).
 */
export function MenuRouteLoader() {
  const requested = useMenuRouteRequested();
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

import { lazy, useEffect, useState, type ComponentType } from 'react';
import { lazyPage } from './lazy-page.ts';

// A page whose code is a chunk of its own draws its first frame from the main bundle (its
// heading and skeleton, in place), and asks for its chunk once that frame is on screen: the
// chunk then does not compete with the first paint for the network and the main thread, and it
// still arrives before the data the page shows. /menu, /reservation and /checkout load this way.

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

/** Whether the page has painted content already (coming here from another page). */
const painted = () =>
  typeof performance.getEntriesByName === 'function' &&
  performance.getEntriesByName('first-contentful-paint').length > 0;

/**
 * A page whose chunk is fetched once the first frame is on screen: `Page` is its lazy component
 * (the chunk fetched once; a failure shows the route's error page), and `useRequested()` is
 * false until the first frame has painted and the fetch has started, then true (at once when
 * the app has painted before or the chunk was asked for already). The loader draws its own
 * first frame until then, and `Page` inside a Suspense after.
 */
export function pageAfterFirstPaint(load: () => Promise<{ default: ComponentType }>) {
  let chunk: Promise<{ default: ComponentType }> | undefined;
  const fetchChunk = () => (chunk ??= lazyPage(load)());
  const Page = lazy(fetchChunk);
  function useRequested(): boolean {
    const [requested, setRequested] = useState(() => chunk !== undefined || painted());
    useEffect(() => {
      if (requested) return;
      let timer = 0;
      const cancel = afterFirstPaint(() => {
        fetchChunk().catch(() => undefined);
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
  return { Page, useRequested };
}

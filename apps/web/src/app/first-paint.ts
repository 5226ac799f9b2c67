import { useEffect, useState } from 'react';

// A page whose code is a chunk of its own draws its first frame from the main bundle (its
// heading and skeleton, in place), and asks for its chunk once that frame is on screen: the
// chunk then does not compete with the first paint for the network and the main thread, and it
// still arrives before the data the page shows. /menu and /reservation load this way.

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
 * False until the first frame is on screen; then `fetchChunk` is called and, in a task of its
 * own (starting the fetches and rendering are two short tasks), true. True at once when the
 * page has painted before or `fetched()` says the chunk was asked for already.
 */
export function useChunkAfterFirstPaint(fetchChunk: () => void, fetched: () => boolean): boolean {
  const [requested, setRequested] = useState(() => fetched() || painted());
  useEffect(() => {
    if (requested) return;
    let timer = 0;
    const cancel = afterFirstPaint(() => {
      fetchChunk();
      timer = window.setTimeout(() => setRequested(true), 0);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
    // fetchChunk is a module-level function of the loader that calls this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);
  return requested;
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page going Back to is waited for (lazy chunks, cached data, stepped drawing). */
const RESTORE_WAIT_MS = 4000;
/** Frames a restored position must hold before the restore stops. */
const STEADY_FRAMES = 3;

/** Where the reader was on a page: the heading nearest the top and how far below it sat. */
interface Place {
  y: number;
  anchor: string | null;
  offset: number;
}

/** Per history entry (location.key), for the visit. */
const places = new Map<string, Place>();

/**
 * The first heading with an id at or below the top of the window. Headings come in document
 * order, which is top to bottom on a page, so a binary search reads a few of hundreds.
 */
function placeOf(main: HTMLElement): Place {
  const headings = main.querySelectorAll<HTMLElement>('h2[id], h3[id]');
  let low = 0;
  let high = headings.length - 1;
  let found: HTMLElement | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const heading = headings[middle]!;
    if (heading.getBoundingClientRect().top >= 0) {
      found = heading;
      high = middle - 1;
    } else low = middle + 1;
  }
  return {
    y: window.scrollY,
    anchor: found?.id ?? null,
    offset: found ? found.getBoundingClientRect().top : 0,
  };
}

/**
 * Brings back a place: the anchor heading where it sat, once the page has drawn it, repeated
 * until it holds still (sections above it may still be drawing); the bare offset if the page
 * never shows the heading. Stops as soon as the reader scrolls, taps or types.
 */
function restore(place: Place): () => void {
  const started = performance.now();
  let steady = 0;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  const step = () => {
    const anchor = place.anchor ? document.getElementById(place.anchor) : null;
    const target = anchor
      ? window.scrollY + anchor.getBoundingClientRect().top - place.offset
      : place.y;
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target - 1;
    if ((anchor || !place.anchor) && reachable) {
      const moved = Math.abs(window.scrollY - target) > 1;
      if (moved) window.scrollTo(0, target);
      steady = moved ? 0 : steady + 1;
      if (steady >= STEADY_FRAMES) return stop();
    }
    if (performance.now() - started > RESTORE_WAIT_MS) {
      if (!anchor) window.scrollTo(0, place.y);
      return stop();
    }
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return stop;
}

/**
 * Going Back or Forward returns to where the reader was on that page (issue 20: a customer
 * reading Curries must not land in Starters); any other navigation starts at the top, unless a
 * page places the reader itself (a `#hash`, or a menu category given in the state).
 */
export function useScrollMemory(mainId: string): void {
  const location = useLocation();
  const type = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    history.scrollRestoration = 'manual';
  }, []);

  // Remembered as the reader scrolls, at most once a frame; a layout effect, so the listener
  // of the page left is gone before anything of the next page can fire a scroll event.
  useLayoutEffect(() => {
    let frame = 0;
    const key = location.key;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const main = document.getElementById(mainId);
        if (main) places.set(key, placeOf(main));
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.removeEventListener('scroll', save);
      cancelAnimationFrame(frame);
    };
  }, [location.key, mainId]);

  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type === 'POP') {
      const place = places.get(location.key);
      if (place) return restore(place);
      // Not returned: Chromium's scrollTo answers a Promise, and an effect may only return its
      // clean-up (a development build calls it, and the page went white; issue 30).
      window.scrollTo(0, 0);
      return;
    }
    const placed = location.hash || (location.state as { category?: string } | null)?.category;
    if (!placed) window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, type]);
}

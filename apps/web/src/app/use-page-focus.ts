import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page that is still loading (a lazy chunk, its data) is waited for. */
const WAIT_MS = 5000;

/**
 * Focuses an element that is not otherwise focusable, for this once: afterwards a click on it
 * (or inside it) gives it no focus, so the page's own focus handling is undisturbed.
 */
export function focusOnce(element: HTMLElement, options: FocusOptions = { preventScroll: true }) {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus(options);
}

/**
 * Gives focus to the new page's heading. Not on first load (the browser starts at the top of
 * the document, where the skip link is) and not for a change of hash or query alone. A page
 * whose loading frame has a heading of its own (the menu's) swaps it for the page's: focus
 * follows to the new heading, unless the reader has moved it meanwhile.
 */
export function focusPageHeading(main: HTMLElement, signal: AbortSignal): void {
  let focused: HTMLElement | null = null;
  const observer = new MutationObserver(() => follow());
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  function tryFocus() {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    // A field of the new page that took focus itself (autofocus) keeps it.
    const active = document.activeElement;
    if (active && main.contains(active) && active.matches('input, select, textarea')) return stop();
    focusOnce(heading);
    focused = heading;
  }
  function follow() {
    if (!focused) return tryFocus();
    if (focused.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body) return stop();
    focused = null;
    tryFocus();
  }
  signal.addEventListener('abort', stop);
  observer.observe(main, { childList: true, subtree: true });
  tryFocus();
}

/**
 * WCAG 2.4.3: after each navigation inside the app, focus moves to the new page's heading, so a
 * screen-reader or keyboard user starts reading the new page rather than at the link they left.
 */
export function usePageFocus(mainId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const controller = new AbortController();
    focusPageHeading(main, controller.signal);
    return () => controller.abort();
  }, [pathname, mainId]);
}

import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A screen's primary action, kept in reach (issue 20): on a narrow screen it is pinned to the
 * bottom of the viewport, over the page; from `breakpoint` up it sits in the page's flow. Give
 * the page `actionBarRoom(breakpoint)` so its end is not hidden under the bar.
 */
export type ActionBarBreakpoint = 'sm' | 'lg';

const BAR =
  'fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)]';
const IN_FLOW: Record<ActionBarBreakpoint, string> = {
  sm: 'sm:static sm:z-auto sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none',
  lg: 'lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none',
};
const ROOM: Record<ActionBarBreakpoint, string> = {
  sm: 'pb-40 sm:pb-16',
  lg: 'pb-40 lg:pb-16',
};

export const actionBarRoom = (breakpoint: ActionBarBreakpoint = 'lg') => ROOM[breakpoint];

/** The CSS variable index.css pads the page's scrolling by: the pinned bar's height. */
const HEIGHT_VARIABLE = '--action-bar-height';

/**
 * While the bar is pinned, its height pads the window's scrolling (scroll-padding-bottom in
 * index.css): a focused field or an error brought into view stops above it (issue 30, WCAG
 * 2.4.11), however tall the bar has grown.
 *
 * Measured when the ResizeObserver reports, never straight after React's commit: the observer's
 * first report comes after the browser's own layout, so reading the bar there costs nothing,
 * where reading it in the effect made the browser lay the whole new page out at once, on a slow
 * phone the checkout's longest task (issue 33). The variable is written only when it changes:
 * it is registered as not inherited (index.css), so a change restyles the root alone.
 */
function usePinnedHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement.style;
    let height: number | undefined;
    const measure = () => {
      const pinned = getComputedStyle(bar).position === 'fixed';
      const next = pinned ? bar.offsetHeight : 0;
      if (next === height) return;
      height = next;
      root.setProperty(HEIGHT_VARIABLE, `${next}px`);
    };
    // jsdom (the component tests) has no ResizeObserver: one measure stands there.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return () => root.removeProperty(HEIGHT_VARIABLE);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);
  return ref;
}

export function ActionBar({
  breakpoint = 'lg',
  className,
  ...props
}: ComponentProps<'div'> & { breakpoint?: ActionBarBreakpoint }) {
  const ref = usePinnedHeight();
  return (
    <div
      ref={ref}
      data-testid="action-bar"
      className={[BAR, IN_FLOW[breakpoint], className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

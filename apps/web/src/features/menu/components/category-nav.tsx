import { useEffect, useRef, useState, type MouseEvent } from 'react';

/** Height of the sticky header and this bar: the category whose top has passed it is current. */
const STICKY_OFFSET_PX = 136;

export const categoryAnchor = (slug: string) => `category-${slug}`;

/** The category being read: the last whose top has gone under the sticky bars. */
function currentSlug(slugs: readonly string[]): string | null {
  const bottom = window.scrollY + window.innerHeight;
  if (bottom >= document.documentElement.scrollHeight - 2) return slugs[slugs.length - 1] ?? null;
  let current = slugs[0] ?? null;
  for (const slug of slugs) {
    const top = document.getElementById(categoryAnchor(slug))?.getBoundingClientRect().top;
    if (top === undefined || top > STICKY_OFFSET_PX + 24) break;
    current = slug;
  }
  return current;
}

/** Room left between the sticky bars and a category's heading after a jump. */
const JUMP_GAP_PX = 12;

/**
 * How far below the top of the window a category's heading must land to show under the sticky
 * header and category bar, measured (the bar is taller when the shop's font or the reader's
 * text size is larger).
 */
function stickyBottom(nav: HTMLElement | null): number {
  const header = document.querySelector('header')?.offsetHeight ?? 0;
  return header + (nav?.offsetHeight ?? 0) + JUMP_GAP_PX;
}

/**
 * Scrolls a category to just under the sticky bars and gives its heading focus. Categories
 * off screen are laid out lazily (content-visibility), so sizes above the target can settle
 * after the jump: it is repeated until the target stays put.
 */
function jumpTo(slug: string, nav: HTMLElement | null) {
  const section = document.getElementById(categoryAnchor(slug));
  if (!section) return;
  // The page's own scroll padding (for the header alone) counts towards it.
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  section.style.scrollMarginTop = `${Math.max(0, stickyBottom(nav) - padding)}px`;
  let tries = 0;
  const settle = () => {
    const before = section.getBoundingClientRect().top;
    section.scrollIntoView({ block: 'start' });
    requestAnimationFrame(() => {
      const after = section.getBoundingClientRect().top;
      if (++tries < 8 && Math.abs(after - before) > 2) settle();
    });
  };
  settle();
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** Scrolls to a category as the bar does (returning from a dish to its category; issue 20). */
export function jumpToCategory(slug: string) {
  jumpTo(slug, document.querySelector<HTMLElement>('nav[aria-label="Menu categories"]'));
}

interface CategoryNavProps {
  categories: readonly { slug: string; name: string }[];
}

/**
 * The categories as a bar that stays under the header while the menu scrolls, marks the one
 * being read and scrolls sideways on a narrow screen (keeping the marked one visible).
 */
export function CategoryNav({ categories }: CategoryNavProps) {
  const [active, setActive] = useState<string | null>(categories[0]?.slug ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const firstSlug = useRef(active);
  const key = categories.map((c) => c.slug).join(' ');

  // The category tapped stays the marked one while the page scrolls to it and settles; the
  // reader's own scrolling (wheel, touch, keys) hands the marking back to the scroll position
  // (issue 30: the previous category stayed marked when the jump ended near it).
  const tapped = useRef<string | null>(null);
  useEffect(() => {
    const release = () => (tapped.current = null);
    const gestures = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of gestures) window.addEventListener(type, release, { passive: true });
    return () => {
      for (const type of gestures) window.removeEventListener(type, release);
    };
  }, []);

  useEffect(() => {
    const slugs = key ? key.split(' ') : [];
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(tapped.current ?? currentSlug(slugs)));
    };
    // At the top of the page the first category is the current one: no layout is asked for
    // while the menu is still being drawn. A restored scroll position fires a scroll event.
    if (window.scrollY > 0) update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      cancelAnimationFrame(frame);
    };
  }, [key]);

  const moved = useRef(false);
  useEffect(() => {
    // The bar starts at its first category: nothing to bring into view (and no layout to force
    // while the menu is first drawn) until the reader has moved on.
    if (!moved.current && active === firstSlug.current) return;
    moved.current = true;
    // Measured in the next frame, with the layout the browser does for it anyway.
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const link = list?.querySelector<HTMLElement>('[aria-current="true"]');
      if (!link || !list) return;
      // Scroll the bar itself only (scrollIntoView would also scroll the page).
      const left = link.offsetLeft - list.clientWidth / 2 + link.clientWidth / 2;
      list.scrollTo?.({ left, behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [active]);

  const handleClick = (event: MouseEvent, slug: string) => {
    event.preventDefault();
    tapped.current = slug;
    setActive(slug);
    jumpTo(slug, navRef.current);
  };

  if (categories.length === 0) return null;
  return (
    <nav
      ref={navRef}
      aria-label="Menu categories"
      className="sticky top-16 z-10 -mx-4 border-b border-stone-200 bg-stone-50 px-4"
    >
      <ul ref={listRef} className="flex gap-2 overflow-x-auto py-2 [scrollbar-width:thin] sm:py-3">
        {categories.map((category) => {
          const current = category.slug === active;
          return (
            <li key={category.slug} className="shrink-0">
              <a
                href={`#${categoryAnchor(category.slug)}`}
                aria-current={current ? 'true' : undefined}
                onClick={(event) => handleClick(event, category.slug)}
                className={`block rounded-full border px-4 py-2 text-sm font-medium whitespace-nowrap ${
                  current
                    ? 'border-primary bg-primary text-on-primary'
                    : 'border-stone-300 bg-white text-stone-900 hover:bg-stone-100'
                }`}
              >
                {category.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

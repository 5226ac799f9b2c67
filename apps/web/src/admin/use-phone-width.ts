import { useSyncExternalStore } from 'react';

/** Narrower than Tailwind's `md` (48 rem, 768 px), where the staff header's `md:` styles start. */
const PHONE_WIDTH = 'not all and (min-width: 48rem)';

const query = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_WIDTH) : undefined;

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is a phone's width, followed as it turns or the window is resized. The
 * staff header folds its sections into a menu there (admin-nav.tsx). A browser that cannot tell
 * (jsdom in the unit tests) counts as wide: every section shown.
 */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}

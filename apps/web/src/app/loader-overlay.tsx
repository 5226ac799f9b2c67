import { useSyncExternalStore } from 'react';
import { loader } from '../lib/loader.ts';

/** product.md §2: the loader overlay, shown while its flag is set. */
export function LoaderOverlay({ forceShown = false }: { forceShown?: boolean }) {
  const shown = useSyncExternalStore(loader.subscribe, loader.isShown) || forceShown;
  if (!shown) return null;
  return (
    <div
      className="fixed inset-0 z-[55] grid place-items-center bg-white/60"
      role="status"
      aria-label="Loading"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-stone-300 border-t-primary" />
    </div>
  );
}

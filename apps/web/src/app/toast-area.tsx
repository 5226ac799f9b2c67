import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { dismissToast, dismissToastsOfPageLeft, toasts } from '../lib/toast.ts';

const TONE = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  error: 'border-red-700 bg-red-50 text-red-950',
  info: 'border-stone-700 bg-white text-stone-900',
} as const;

/** Toasts of the page left are gone when another page opens (issue 30). */
function useToastsStayOnTheirPage() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dismissToastsOfPageLeft();
    first.current = pathname;
  }, [pathname]);
}

/**
 * product.md §2: top right, newest on top; each toast closes itself after 3000 ms. On a phone
 * (issue 30) the newest alone shows, over the header's strip, so that none covers a page's
 * heading or a field; the ones under it are still read out and come back as it closes.
 */
export function ToastArea() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  useToastsStayOnTheirPage();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-1 right-2 z-[60] flex w-[calc(100vw-1rem)] flex-col gap-2 sm:top-[4.5rem] sm:right-3 sm:w-[min(22rem,calc(100vw-1.5rem))]"
      data-testid="toast-area"
    >
      {list.map((t, index) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-kind={t.kind}
          className={`pointer-events-auto flex max-h-14 items-center gap-3 overflow-hidden rounded-lg border-l-4 px-3 py-1.5 text-sm leading-tight shadow-lg sm:max-h-none sm:items-start sm:px-4 sm:py-3 ${index > 0 ? 'max-sm:sr-only' : ''} ${TONE[t.kind]}`}
        >
          <p className="line-clamp-2 flex-1 sm:line-clamp-none">{t.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            className="-my-1 rounded px-1 text-lg leading-none"
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

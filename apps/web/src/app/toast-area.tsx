import { useSyncExternalStore } from 'react';
import { dismissToast, toasts } from '../lib/toast.ts';

const TONE = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  error: 'border-red-700 bg-red-50 text-red-950',
  info: 'border-stone-700 bg-white text-stone-900',
} as const;

/** product.md §2: top right, newest on top; each toast closes itself after 3000 ms. */
export function ToastArea() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-[4.5rem] right-3 z-[60] flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2"
      data-testid="toast-area"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-kind={t.kind}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 px-4 py-3 text-sm shadow-lg ${TONE[t.kind]}`}
        >
          <p className="flex-1">{t.message}</p>
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

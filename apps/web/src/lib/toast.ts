import { createExternalStore } from './external-store.ts';

/** product.md §2: toasts close after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
  /** When it was last shown (performance.now()): a page change keeps only the newest. */
  shownAt: number;
}

/**
 * When the customer last tapped, clicked or pressed a key. A toast shown since then survives a
 * page change: it announces the change itself (a paid order, a booking); one shown before is
 * about the page left, and goes with it (issue 30).
 */
let lastGestureAt = 0;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, () => (lastGestureAt = performance.now()), {
      capture: true,
      passive: true,
    });
  }
}

/** Newest first, as the toast area shows them. */
export const toasts = createExternalStore<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast. The same words of the same kind already on screen are not stacked (issue 20):
 * that toast moves to the top and its 3000 ms start again.
 */
function show(kind: Toast['kind'], message: string) {
  const shown = toasts.get();
  const same = shown.find((t) => t.kind === kind && t.message === message);
  const id = same?.id ?? nextId++;
  clearTimeout(timers.get(id));
  const shownAt = performance.now();
  toasts.set([{ id, kind, message, shownAt }, ...shown.filter((t) => t.id !== id)]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

/** A new page: the toasts about the page left go with it (issue 30: none follows the customer). */
export function dismissToastsOfPageLeft() {
  for (const t of toasts.get()) if (t.shownAt < lastGestureAt) dismissToast(t.id);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** product.md §8: network or exception failure. */
export const NETWORK_ERROR_MESSAGE = 'Oops! Something went wrong.';

import { createExternalStore } from './external-store.ts';

/** SPEC §2: toasts close after 3000 ms. */
export const TOAST_DURATION_MS = 3000;

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
}

/** Newest first, as the toast area shows them. */
export const toasts = createExternalStore<Toast[]>([]);
let nextId = 1;

function show(kind: Toast['kind'], message: string) {
  const id = nextId++;
  toasts.set([{ id, kind, message }, ...toasts.get()]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

export function dismissToast(id: number) {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** SPEC §8: network or exception failure. */
export const NETWORK_ERROR_MESSAGE = 'Oops! Something went wrong.';

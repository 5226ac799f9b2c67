import { createExternalStore } from './external-store.ts';

/** The loader overlay's show/hide flag (product.md §2), counted so overlapping work nests. */
const pending = createExternalStore(0);

export const loader = {
  show: () => pending.set(pending.get() + 1),
  hide: () => pending.set(Math.max(0, pending.get() - 1)),
  isShown: () => pending.get() > 0,
  subscribe: pending.subscribe,
};

import { useSyncExternalStore } from 'react';
import { createExternalStore } from './external-store.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

function readChosenStore(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.chosenStore);
  } catch {
    return null;
  }
}

const chosen = createExternalStore<string | null>(readChosenStore());

/** Remembers the store the customer orders from (a store page's choice, or a placed order's). */
export function chooseStore(storeId: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.chosenStore, storeId);
  } catch {
    // Storage disabled: the choice lasts as long as the page.
  }
  chosen.set(storeId);
}

/** The id of the store the customer chose, if any (it may no longer exist: check the list). */
export const useChosenStoreId = () => useSyncExternalStore(chosen.subscribe, chosen.get);

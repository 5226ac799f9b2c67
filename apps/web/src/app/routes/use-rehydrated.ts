import { useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../store.ts';

/** Whether the persisted basket has been read back (before that, it only looks empty). */
export function useRehydrated(): boolean {
  const { persistor } = useStore() as AppStore;
  return useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
}

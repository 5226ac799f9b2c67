import { useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { AppState } from '../app-state.ts';

/** Whether the persisted basket has been read back (before that, it only looks empty). */
export function useRehydrated(): boolean {
  const { persistor } = useStore() as AppState;
  return useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
}

import { configureStore } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { adminApi } from './admin-api.ts';
import { keepMadeMoves, madeMovesSlice, storedMadeMoves } from './desk/made-moves.ts';

/**
 * The API cache's answers are JSON read off the wire, serializable by construction, and large
 * (the Service page's and the menu editor's menus): the development build's serializability
 * check walked them on every change of the cache, in the fulfilled action and in the state (and
 * once more to see that they are frozen), 45 to 150 ms a time (the walk's finding 6). It skips
 * the cache's entries and the actions that carry answers (Redux Toolkit's `ignoredPaths` and
 * `ignoredActions`, its documented way for large data); the app's own slice (the made moves),
 * every other action and the rest of the state are still checked. The immutability check is as
 * it was: Immer freezes the answers, and it does not walk what is frozen.
 */
const api = adminApi.reducerPath;
const ANSWERS_IN_STATE = [`${api}.queries`, `${api}.mutations`];
const ANSWERS_IN_ACTIONS = [
  `${api}/executeQuery/fulfilled`,
  `${api}/executeMutation/fulfilled`,
  `${api}/queries/queryResultPatched`,
  `${api}/queries/cacheEntriesUpserted`,
];

/**
 * The staff application's own Redux store: nothing of the storefront's (its persisted cart,
 * the customer's session) is shared with it. Server data is RTK Query's; the one slice of its
 * own is the desk moves this tab may still undo, kept in session storage (desk/made-moves.ts).
 */
export function createAdminState() {
  const state = configureStore({
    reducer: {
      [adminApi.reducerPath]: adminApi.reducer,
      madeMoves: madeMovesSlice.reducer,
    },
    preloadedState: { madeMoves: storedMadeMoves() },
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredPaths: ANSWERS_IN_STATE, ignoredActions: ANSWERS_IN_ACTIONS },
      }).concat(adminApi.middleware),
  });
  keepMadeMoves(state);
  return state;
}

export type AdminDispatch = ReturnType<typeof createAdminState>['dispatch'];
export type AdminState = ReturnType<ReturnType<typeof createAdminState>['getState']>;
export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();

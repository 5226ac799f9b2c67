import { configureStore } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { adminApi } from './admin-api.ts';
import { keepMadeMoves, madeMovesSlice, storedMadeMoves } from './desk/made-moves.ts';

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
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
  keepMadeMoves(state);
  return state;
}

export type AdminDispatch = ReturnType<typeof createAdminState>['dispatch'];
export type AdminState = ReturnType<ReturnType<typeof createAdminState>['getState']>;
export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();

import { configureStore } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { adminApi } from './admin-api.ts';

/**
 * The staff application's own Redux store: nothing of the storefront's (its persisted cart,
 * the customer's session) is shared with it, and it is not persisted at all.
 */
export function createAdminState() {
  return configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (getDefault) => getDefault().concat(adminApi.middleware),
  });
}

export type AdminDispatch = ReturnType<typeof createAdminState>['dispatch'];
export type AdminState = ReturnType<ReturnType<typeof createAdminState>['getState']>;
export const useAdminDispatch = useDispatch.withTypes<AdminDispatch>();

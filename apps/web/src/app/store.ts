import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api.ts';

export function createStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
export type AppStore = ReturnType<typeof createStore>;

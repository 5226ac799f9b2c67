import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
} from 'redux-persist';
import { cartCleared, cartSlice } from '../features/cart/cart-slice.ts';
import { api } from '../lib/api.ts';
import { whenSignedOut } from '../lib/session.ts';

/** localStorage as redux-persist wants it (its own adapter is CommonJS and breaks in Vite). */
const storage = {
  getItem: async (key: string) => localStorage.getItem(key),
  setItem: async (key: string, value: string) => localStorage.setItem(key, value),
  removeItem: async (key: string) => localStorage.removeItem(key),
};

/** product.md §3 and §9: one persisted root store in which only cartList is kept; 5000 ms timeout. */
const persistConfig = { key: 'root', storage, whitelist: ['cartList'], timeout: 5000 };

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [cartSlice.name]: cartSlice.reducer,
});

export function createAppState() {
  const appState = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  // Focus and reconnect refetches (the menu's sold-out flags change during service: issue 15).
  setupListeners(appState.dispatch);
  const persistor = persistStore(appState);
  // redux-persist writes a change to localStorage a few timer ticks later, key by key. A page
  // left at once (a link that loads a new page, a reload, a tab closed, a phone locked) would
  // lose the last dish added: those moments write what is pending now (localStorage is
  // synchronous, so the write is done before the page goes).
  const writePending = () => void persistor.flush();
  addEventListener('pagehide', writePending);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') writePending();
  });
  // product.md §4: signing out clears the persisted store; the cart goes with it.
  whenSignedOut(() => {
    appState.dispatch(cartCleared());
    // Customer data goes; the shop's public data (configuration, home) stays.
    appState.dispatch(api.util.invalidateTags(['Customer']));
    void persistor.flush().then(() => persistor.purge());
  });
  return Object.assign(appState, { persistor });
}
export type AppState = ReturnType<typeof createAppState>;

/** Resolves once the persisted cart has been read back (redux-persist writes only after that). */
export function whenRehydrated(appState: AppState): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (appState.persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = appState.persistor.subscribe(check);
    check();
  });
}
export type RootState = ReturnType<AppState['getState']>;

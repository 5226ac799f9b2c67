import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';
import type { AppStore } from './store.ts';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}

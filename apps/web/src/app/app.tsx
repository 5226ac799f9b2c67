import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';
import type { AppState } from './app-state.ts';

export function App({ appState }: { appState: AppState }) {
  return (
    <Provider store={appState}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}

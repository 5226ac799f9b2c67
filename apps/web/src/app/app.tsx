import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { HomePage } from '../features/content/components/home-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { Shell } from './shell.tsx';
import type { AppStore } from './store.ts';

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { PRODUCT_NAME } from '@servery/contract/constants';
import { cachedConfig } from '../lib/shop-config.ts';
import { isSignedOutError, useSessionQuery } from './admin-api.ts';
import { AdminHome } from './admin-home.tsx';
import { AdminLayout, sectionsFor } from './admin-layout.tsx';
import { createAdminStore } from './admin-store.ts';
import { SignInPage } from './session/sign-in-page.tsx';

/** The staff application at /admin: its own store, its own routes, nothing of the shop's shell. */
export function AdminApp() {
  const [store] = useState(createAdminStore);
  return (
    <Provider store={store}>
      <AdminRoutes />
    </Provider>
  );
}

function AdminRoutes() {
  const shopName = cachedConfig()?.websiteName ?? PRODUCT_NAME;
  const session = useSessionQuery();
  useEffect(() => {
    document.title = `Staff · ${shopName}`;
  }, [shopName]);

  if (session.isLoading) {
    return (
      <p role="status" className="p-8 text-lg">
        Loading the staff application…
      </p>
    );
  }
  if (!session.data || isSignedOutError(session.error)) return <SignInPage shopName={shopName} />;
  const data = session.data;
  return (
    <AdminLayout session={data}>
      <Suspense
        fallback={
          <p role="status" className="text-lg">
            Loading…
          </p>
        }
      >
        <Routes>
          <Route index element={<AdminHome session={data} />} />
          {sectionsFor(data).map((section) => (
            <Route key={section.path} path={`${section.path}/*`} element={<section.element />} />
          ))}
          <Route
            path="*"
            element={<p className="text-lg">There is no such screen. Choose one above.</p>}
          />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}

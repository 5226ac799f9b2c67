import { lazy, Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { PRODUCT_NAME } from '@servery/contract/constants';
import { localDate } from '@servery/contract/clock';
import { cachedConfig } from '../lib/shop-config.ts';
import { DEFAULT_TIME_ZONE } from '../lib/shop-time.ts';
import { holdsStaffSession, isSignedOutError, useSessionQuery } from './admin-api.ts';
import { AdminLayout } from './admin-layout.tsx';
import { loadScreenOf, sectionsFor } from './admin-sections.tsx';
import { createAdminState } from './admin-state.ts';
import { deskApi } from './desk/desk-api.ts';
import { LiveEventsProvider } from './live/live-events-provider.tsx';
import { ServiceAlertProvider } from './service-alert/service-alert-provider.tsx';

// The screen the address names starts loading now, beside the session check, not after it.
loadScreenOf(window.location.pathname);
// The browser's first date formatter loads its time zone data: about 70 ms of a tablet's CPU
// (slowed 4x), in whichever task formats the first time. Made now, in a task of its own while
// the session and the orders are on their way, not inside the render of the first screen's
// cards or bookings (issue 33).
setTimeout(() => localDate(new Date(), cachedConfig()?.timeZone ?? DEFAULT_TIME_ZONE));

/** The staff home (/admin): the sections open without it. */
const AdminHome = lazy(() => import('./admin-home.tsx').then((m) => ({ default: m.AdminHome })));
/** Needed only signed out: a chunk of its own, so the desk's first paint does not carry it. */
const SignInPage = lazy(() =>
  import('./session/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })),
);

/**
 * The application's state, with the desk's open orders already asked for when the address is
 * the desk: beside the session check, not after it, a round trip sooner on a tablet's weak line
 * (decision 62). Only in a browser that holds a session (decision 83); if it has ended, the
 * answer is a 401 nobody reads. The live stream's first `resync` reads the orders again once it
 * is open, so nothing placed meanwhile is missed.
 */
function startState() {
  const state = createAdminState();
  if (holdsStaffSession() && /^\/admin\/desk(?:\/|$)/.test(window.location.pathname)) {
    void state.dispatch(deskApi.util.prefetch('deskOrders', undefined, {}));
  }
  return state;
}

/** The staff application at /admin: its own store, its own routes, nothing of the shop's shell. */
export function AdminApp() {
  const [appState] = useState(startState);
  return (
    <Provider store={appState}>
      <AdminRoutes />
    </Provider>
  );
}

function AdminRoutes() {
  const shopName = cachedConfig()?.websiteName ?? PRODUCT_NAME;
  const session = useSessionQuery();
  const signedIn = Boolean(session.data) && !isSignedOutError(session.error);
  // Signed in, the layout names the screen and the orders waiting (use-admin-title.ts).
  useEffect(() => {
    if (!signedIn) document.title = `Staff · ${shopName}`;
  }, [shopName, signedIn]);

  const loading = (
    <p role="status" className="p-8 text-lg">
      Loading the staff application…
    </p>
  );
  if (session.isLoading) return loading;
  if (!session.data || isSignedOutError(session.error)) {
    return (
      <Suspense fallback={loading}>
        <SignInPage shopName={shopName} />
      </Suspense>
    );
  }
  const data = session.data;
  // One live stream and one service state for every screen (docs/decisions/0032).
  return (
    <LiveEventsProvider>
      <ServiceAlertProvider session={data}>
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
                <Route
                  key={section.path}
                  path={`${section.path}/*`}
                  element={<section.element />}
                />
              ))}
              <Route
                path="*"
                element={<p className="text-lg">There is no such screen. Choose one above.</p>}
              />
            </Routes>
          </Suspense>
        </AdminLayout>
      </ServiceAlertProvider>
    </LiveEventsProvider>
  );
}

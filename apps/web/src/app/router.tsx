import { Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { STORE_LIST_PATHS } from '@servery/contract/page-paths';
import { NotFoundMessage } from '../components/ui/not-found-message.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { HomeRoute } from './home-route.tsx';
import {
  AccountPage,
  AdminApp,
  BrandPage,
  CancelBookingPage,
  CartRoute,
  CookiePolicyPage,
  InviteFriendsPage,
  LoginPage,
  OrderRoute,
  OrdersRoute,
  PaymentRoute,
  PrivacyPage,
  ProductDetailsRoute,
  PromoPage,
  StoreListPage,
  StoresPage,
  TermsPage,
  UnsubscribePage,
  VerificationPage,
} from './lazy-pages.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { CheckoutRouteLoader } from './routes/checkout-route-loader.tsx';
import { MenuRouteLoader } from './routes/menu-route-loader.tsx';
import { ReservationRouteLoader } from './routes/reservation-route-loader.tsx';
import { Shell } from './shell.tsx';

/** Each page: its own error boundary (reset on navigation) and a skeleton while its chunk loads. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The staff application is one page with screens of its own: keyed by the path, every move
  // between its screens would start it again, and service (the chime, the stream) with it
  // (docs/decisions/0032).
  const key = /^\/admin(?:\/|$)/.test(pathname) ? '/admin' : pathname;
  return (
    <PageErrorBoundary key={key}>
      <Suspense
        fallback={
          // As tall as the screen: the footer stays below the fold until the page arrives, so
          // it does not jump away then (a layout shift of 0.28 on /reservation on a phone).
          <div className="mx-auto min-h-svh max-w-3xl space-y-4 px-4 py-12">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-40" />
          </div>
        }
      >
        {children}
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Every route of product.md §2. Pages other than home are lazy chunks; later features add theirs
 * here the same way. Static paths outrank the brand landing pages (/{brand-slug}).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="admin/*"
        element={
          <Page>
            <AdminApp />
          </Page>
        }
      />
      <Route element={<Shell />}>
        <Route
          index
          element={
            <Page>
              <HomeRoute />
            </Page>
          }
        />
        <Route
          path="login"
          element={
            <Page>
              <LoginPage />
            </Page>
          }
        />
        <Route
          path="verification"
          element={
            <Page>
              <VerificationPage />
            </Page>
          }
        />
        <Route
          path="menu"
          element={
            <Page>
              <MenuRouteLoader />
            </Page>
          }
        />
        <Route
          path="store/:storeId/product-details/:menuId"
          element={
            <Page>
              <ProductDetailsRoute />
            </Page>
          }
        />
        <Route
          path="cart"
          element={
            <Page>
              <CartRoute />
            </Page>
          }
        />
        {['store', 'stores'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <StoresPage />
              </Page>
            }
          />
        ))}
        {STORE_LIST_PATHS.map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <StoreListPage />
              </Page>
            }
          />
        ))}
        <Route
          path="account"
          element={
            <Page>
              <RequireSignIn>
                <AccountPage />
              </RequireSignIn>
            </Page>
          }
        />
        {(
          [
            ['checkout', <CheckoutRouteLoader />],
            ['payment', <PaymentRoute />],
            ['orders', <OrdersRoute />],
            ['orders/:orderId', <OrderRoute />],
          ] as const
        ).map(([path, page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Page>
                <RequireSignIn>{page}</RequireSignIn>
              </Page>
            }
          />
        ))}
        <Route
          path="promo"
          element={
            <Page>
              <PromoPage />
            </Page>
          }
        />
        <Route
          path="invite-friends"
          element={
            <Page>
              <RequireSignIn>
                <InviteFriendsPage />
              </RequireSignIn>
            </Page>
          }
        />
        <Route
          path="privacy"
          element={
            <Page>
              <PrivacyPage />
            </Page>
          }
        />
        <Route
          path="terms"
          element={
            <Page>
              <TermsPage />
            </Page>
          }
        />
        <Route
          path="CookiePolicy"
          element={
            <Page>
              <CookiePolicyPage />
            </Page>
          }
        />
        <Route
          path="reservation"
          element={
            <Page>
              <ReservationRouteLoader />
            </Page>
          }
        />
        <Route
          path="reservation/cancel/:token"
          element={
            <Page>
              <CancelBookingPage />
            </Page>
          }
        />
        <Route
          path="unsubscribe/:token"
          element={
            <Page>
              <UnsubscribePage />
            </Page>
          }
        />
        <Route
          path=":brandSlug"
          element={
            <Page>
              <BrandPage />
            </Page>
          }
        />
        <Route path="*" element={<NotFoundMessage />} />
      </Route>
    </Routes>
  );
}

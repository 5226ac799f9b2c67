import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundMessage } from '../components/ui/not-found-message.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { HomeRoute } from './home-route.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { RequireSignIn } from './require-sign-in.tsx';
import { MenuRouteLoader } from './routes/menu-route-loader.tsx';
import { Shell } from './shell.tsx';

/** A page that arrives as its own chunk, given up on after 120 s (SPEC §8). */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => lazyPage(load)().then((module) => ({ default: pick(module) })));
}

const legal = () => import('../features/content/components/legal-pages.tsx');
const PrivacyPage = lazyComponent(legal, (m) => m.PrivacyPage);
const TermsPage = lazyComponent(legal, (m) => m.TermsPage);
const CookiePolicyPage = lazyComponent(legal, (m) => m.CookiePolicyPage);
const BrandPage = lazyComponent(
  () => import('../features/content/components/brand-page.tsx'),
  (m) => m.BrandPage,
);

const LoginPage = lazyComponent(
  () => import('../features/auth/components/login-page.tsx'),
  (m) => m.LoginPage,
);
const VerificationPage = lazyComponent(
  () => import('../features/auth/components/verification-page.tsx'),
  (m) => m.VerificationPage,
);
const AccountPage = lazyComponent(
  () => import('../features/account/components/account-page.tsx'),
  (m) => m.AccountPage,
);
const ProductDetailsRoute = lazyComponent(
  () => import('./routes/product-details-route.tsx'),
  (m) => m.ProductDetailsRoute,
);
const CartRoute = lazyComponent(
  () => import('./routes/cart-route.tsx'),
  (m) => m.CartRoute,
);
const StoresPage = lazyComponent(
  () => import('./routes/stores-route.tsx'),
  (m) => m.StoresRoute,
);
const StoreListPage = lazyComponent(
  () => import('./routes/store-list-route.tsx'),
  (m) => m.StoreListRoute,
);
/** SPEC §2's store listing paths; each has its own layout. */
const STORE_LIST_PATHS = [
  'list_store',
  'list_store3',
  'list_store4',
  'list_store5',
  'list_store6',
  'list_store8',
  'list_store9',
  'list_store10',
  'list_store12',
];

const ReservationPage = lazyComponent(
  () => import('../features/reservation/components/reservation-page.tsx'),
  (m) => m.ReservationPage,
);
const CancelBookingPage = lazyComponent(
  () => import('../features/reservation/components/cancel-booking-page.tsx'),
  (m) => m.CancelBookingPage,
);
const UnsubscribePage = lazyComponent(
  () => import('../features/content/components/unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);
const InviteFriendsPage = lazyComponent(
  () => import('../features/account/components/invite-friends-page.tsx'),
  (m) => m.InviteFriendsPage,
);
const CheckoutRoute = lazyComponent(
  () => import('./routes/checkout-route.tsx'),
  (m) => m.CheckoutRoute,
);
const PaymentRoute = lazyComponent(
  () => import('./routes/payment-route.tsx'),
  (m) => m.PaymentRoute,
);
const OrdersPage = lazyComponent(
  () => import('../features/orders/components/orders-page.tsx'),
  (m) => m.OrdersPage,
);
const OrderRoute = lazyComponent(
  () => import('./routes/order-route.tsx'),
  (m) => m.OrderRoute,
);
const PromoPage = lazyComponent(
  () => import('../features/promo/components/promo-page.tsx'),
  (m) => m.PromoPage,
);

/** The staff application (docs/decisions/0014): its own chunks, outside the shop's shell. */
const AdminApp = lazyComponent(
  () => import('../admin/admin-app.tsx'),
  (m) => m.AdminApp,
);

/** Each page: its own error boundary (reset on navigation) and a skeleton while its chunk loads. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense
        fallback={
          <div className="mx-auto max-w-3xl space-y-4 px-4 py-12">
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
 * Every route of SPEC §2. Pages other than home are lazy chunks; later features add theirs
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
            ['checkout', <CheckoutRoute />],
            ['payment', <PaymentRoute />],
            ['orders', <OrdersPage />],
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
              <ReservationPage />
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

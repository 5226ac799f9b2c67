import { lazy, type ComponentType } from 'react';
import { lazyPage } from './lazy-page.ts';

/** A page that arrives as its own chunk, given up on after 120 s (product.md §8). */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => lazyPage(load)().then((module) => ({ default: pick(module) })));
}

/** The landing pages (home-route.tsx): main.tsx starts loading them at once on /. */
export const loadHomePages = () => import('../features/content/components/home-pages.ts');
export const HomePage = lazyComponent(loadHomePages, (m) => m.HomePage);
export const ReservationHome = lazyComponent(loadHomePages, (m) => m.ReservationHome);

const legal = () => import('../features/content/components/legal-pages.tsx');
export const PrivacyPage = lazyComponent(legal, (m) => m.PrivacyPage);
export const TermsPage = lazyComponent(legal, (m) => m.TermsPage);
export const CookiePolicyPage = lazyComponent(legal, (m) => m.CookiePolicyPage);
export const BrandPage = lazyComponent(
  () => import('./routes/brand-route.tsx'),
  (m) => m.BrandRoute,
);

export const LoginPage = lazyComponent(
  () => import('../features/auth/components/login-page.tsx'),
  (m) => m.LoginPage,
);
export const VerificationPage = lazyComponent(
  () => import('../features/auth/components/verification-page.tsx'),
  (m) => m.VerificationPage,
);
export const AccountPage = lazyComponent(
  () => import('../features/account/components/account-page.tsx'),
  (m) => m.AccountPage,
);
export const ProductDetailsRoute = lazyComponent(
  () => import('./routes/product-details-route.tsx'),
  (m) => m.ProductDetailsRoute,
);
export const CartRoute = lazyComponent(
  () => import('./routes/cart-route.tsx'),
  (m) => m.CartRoute,
);
export const StoresPage = lazyComponent(
  () => import('./routes/stores-route.tsx'),
  (m) => m.StoresRoute,
);
export const StoreListPage = lazyComponent(
  () => import('./routes/store-list-route.tsx'),
  (m) => m.StoreListRoute,
);
export const CancelBookingPage = lazyComponent(
  () => import('../features/reservation/components/cancel-booking-page.tsx'),
  (m) => m.CancelBookingPage,
);
export const UnsubscribePage = lazyComponent(
  () => import('../features/content/components/unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);
export const InviteFriendsPage = lazyComponent(
  () => import('../features/account/components/invite-friends-page.tsx'),
  (m) => m.InviteFriendsPage,
);
export const PaymentRoute = lazyComponent(
  () => import('./routes/payment-route.tsx'),
  (m) => m.PaymentRoute,
);
export const OrdersRoute = lazyComponent(
  () => import('./routes/order-route.tsx'),
  (m) => m.OrdersRoute,
);
export const OrderRoute = lazyComponent(
  () => import('./routes/order-route.tsx'),
  (m) => m.OrderRoute,
);
export const PromoPage = lazyComponent(
  () => import('../features/promo/components/promo-page.tsx'),
  (m) => m.PromoPage,
);

/** The staff application (docs/decisions/0014): its own chunks, outside the shop's shell. */
export const AdminApp = lazyComponent(
  () => import('../admin/admin-app.tsx'),
  (m) => m.AdminApp,
);

import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoaderOverlay } from './loader-overlay.tsx';
import { ToastArea } from './toast-area.tsx';
import { captureReferralCode } from '../lib/referral.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { CookieConsent } from './cookie-consent.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ShopClosedDialog } from './shop-closed-dialog.tsx';
import { useConfigBootstrap } from './use-config-bootstrap.ts';
import { useShopTheme } from './use-shop-theme.ts';

/** SPEC §2: opening / with ?source=app marks the app view; opening / otherwise clears it. */
function useAppViewFlag() {
  useEffect(() => {
    if (location.pathname !== '/') return;
    const fromApp = new URLSearchParams(location.search).get('source') === 'app';
    localStorage.setItem(STORAGE_KEYS.appView, JSON.stringify(fromApp));
  }, []);
}

/** A friend's `?ref=CODE` on any page is kept for the sign-up that may follow. */
function useReferralCapture() {
  const { search } = useLocation();
  useEffect(() => captureReferralCode(search), [search]);
}

/** The frame around every page: header, page, footer, toasts, loader and the two modals. */
export function Shell() {
  const { config, loading } = useConfigBootstrap();
  useShopTheme(config, useLocation().pathname);
  useAppViewFlag();
  useReferralCapture();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header config={config} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer config={config} />
      <ToastArea />
      <LoaderOverlay forceShown={loading && !config} />
      <CookieConsent />
      <ShopClosedDialog config={config} />
    </div>
  );
}

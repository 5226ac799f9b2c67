import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoaderOverlay } from './loader-overlay.tsx';
import { ToastArea } from './toast-area.tsx';
import { readCookie } from '../lib/cookies.ts';
import { COOKIE_CONSENT, STORAGE_KEYS } from '../lib/storage-keys.ts';
import { Header } from './header.tsx';
import { useConfigBootstrap } from './use-config-bootstrap.ts';
import { focusOnce, usePageFocus } from './use-page-focus.ts';
import { useScrollMemory } from './use-scroll-memory.ts';
import { useShopTheme } from './use-shop-theme.ts';

// Asked of few visitors, so each arrives only when it is to be shown (issue 19's budget): the
// cookie question while the consent cookie is absent, the closed notice while the shop is closed.
/** Below the fold on every page: it follows the page instead of coming with it (issue 19). */
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));
/**
 * A first visit asks about cookies at once, and on a phone the question is the largest thing on
 * the first screen (Lighthouse's LCP element). So it is drawn in the first frame: the served page
 * preloads its code for a visitor without the cookie, and main.tsx waits for it before the first
 * render (docs/decisions/0026). Elsewhere it loads when it is needed.
 */
let cookieQuestion: typeof import('./cookie-consent.tsx') | undefined;
export const loadCookieConsent = () =>
  import('./cookie-consent.tsx').then((module) => (cookieQuestion = module));
export const asksAboutCookies = () =>
  readCookie(COOKIE_CONSENT.name) === null && !location.pathname.startsWith('/admin');
const LazyCookieConsent = lazy(() =>
  loadCookieConsent().then((m) => ({ default: m.CookieConsent })),
);
function CookieQuestion() {
  return cookieQuestion ? <cookieQuestion.CookieConsent /> : <LazyCookieConsent />;
}
const ShopClosedDialog = lazy(() =>
  import('./shop-closed-dialog.tsx').then((m) => ({ default: m.ShopClosedDialog })),
);

/** product.md §2: opening / with ?source=app marks the app view; opening / otherwise clears it. */
function useAppViewFlag() {
  useEffect(() => {
    if (location.pathname !== '/') return;
    const fromApp = new URLSearchParams(location.search).get('source') === 'app';
    localStorage.setItem(STORAGE_KEYS.appView, JSON.stringify(fromApp));
  }, []);
}

/**
 * A friend's `?ref=CODE` on any page is kept for the sign-up that may follow (the code that reads
 * it comes only with a query string).
 */
function useReferralCapture() {
  const { search } = useLocation();
  useEffect(() => {
    if (search) void import('../lib/referral.ts').then((m) => m.captureReferralCode(search));
  }, [search]);
}

/** The frame around every page: header, page, footer, toasts, loader and the two modals. */
export function Shell() {
  const { config, loading } = useConfigBootstrap();
  useShopTheme(config, useLocation().pathname);
  useAppViewFlag();
  useReferralCapture();
  usePageFocus('main');
  useScrollMemory('main');
  const [askConsent] = useState(asksAboutCookies);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // Into the page: the next Tab goes on from there (the hash is left alone).
          event.preventDefault();
          const main = document.getElementById('main');
          if (main) focusOnce(main, { preventScroll: false });
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header config={config} />
      <main id="main" className="flex-1 outline-none">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer config={config} />
      </Suspense>
      <ToastArea />
      <LoaderOverlay forceShown={loading && !config} />
      <Suspense fallback={null}>
        {askConsent ? <CookieQuestion /> : null}
        {config?.IsShopClosed === 1 ? <ShopClosedDialog config={config} /> : null}
      </Suspense>
    </div>
  );
}

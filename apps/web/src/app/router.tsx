import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { NotFoundMessage } from '../components/ui/not-found-message.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { HomeRoute } from './home-route.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
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

import { Link, Outlet } from 'react-router';
import { tenancyAssetPath } from '@servery/contract/constants';
import { useShopTheme } from './use-shop-theme.ts';

/** The frame around every page: header with the shop's logo, the page, a footer. */
export function Shell() {
  const config = useShopTheme();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-10 border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center px-4">
          <Link
            to="/"
            className="flex items-center"
            aria-label={`${config?.websiteName ?? 'Home'} home`}
          >
            {config ? (
              <img
                src={tenancyAssetPath(config.headerLogo)}
                alt={config.websiteName}
                width={180}
                height={48}
                className="h-12 w-auto"
              />
            ) : (
              <span className="h-12 w-44" />
            )}
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="bg-primary text-on-primary">
        <div className="mx-auto max-w-5xl px-4 py-6 text-sm">
          © {year} {config?.websiteName}
        </div>
      </footer>
    </div>
  );
}

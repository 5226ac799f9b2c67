import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import type { ShopConfig } from '@servery/contract/config';
import { tenancyAssetPath } from '@servery/contract/constants';
import { selectCartCount } from '../features/cart/cart-slice.ts';
import { toast } from '../lib/toast.ts';
import { HeaderLinks } from './shop-links.tsx';
import type { RootState } from './app-state.ts';
import { MenuIcon } from '../components/ui/menu-icon.tsx';

/** The slide-out menu arrives with its first opening, not with every page (issue 19's budget). */
const SideMenu = lazy(() => import('./side-menu.tsx').then((m) => ({ default: m.SideMenu })));

export function Header({ config }: { config: ShopConfig | null }) {
  const navigate = useNavigate();
  const count = useSelector((state: RootState) => selectCartCount(state));
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  // product.md §2: a cart with items goes to /cart; an empty one to /menu, with a toast.
  const handleCart = () => {
    if (count > 0) return navigate('/cart');
    navigate('/menu');
    toast.error('Please add items to cart first.!');
  };

  return (
    <header className="sticky top-0 z-20 border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4">
        <Link
          to="/"
          className="flex items-center"
          aria-label={`${config?.websiteName ?? 'Shop'} home`}
        >
          {config ? (
            <img
              src={tenancyAssetPath(config.headerLogo)}
              alt={config.websiteName}
              width={config.logo_style === 'wide' ? 188 : 48}
              height={48}
              className={`h-12 w-auto ${config.logo_style === 'round' ? 'rounded-full' : ''}`}
            />
          ) : (
            <span className="block h-12 w-44" />
          )}
        </Link>
        <HeaderLinks config={config} />
        <button
          type="button"
          onClick={handleCart}
          className="relative ml-auto grid h-11 w-11 place-items-center rounded-full hover:bg-stone-100"
          aria-label={
            count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty'
          }
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path
              d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="17" cy="20" r="1.5" />
          </svg>
          {count > 0 ? (
            <span
              data-testid="cart-badge"
              className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-xs font-bold text-on-primary"
            >
              {count}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-stone-100"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
        >
          <MenuIcon />
        </button>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} config={config} />
        </Suspense>
      ) : null}
    </header>
  );
}

import { useShopConfig } from '../lib/shop-config.ts';
import { HomePage, ReservationHome } from './lazy-pages.ts';
import { MenuRouteLoader } from './routes/menu-route-loader.tsx';

/**
 * product.md §1 and §2: a reservation-variant host gets its own root application; an ordering host
 * shows the landing page when isHomePage is set, otherwise the ordering menu (its own chunk, so
 * the landing page's bundle does not carry it). The landing pages are chunks of their own too, so
 * no other page carries them; main.tsx asks for them at once on /.
 */
export function HomeRoute() {
  const config = useShopConfig();
  if (config?.siteVariant === 'reservation') return <ReservationHome />;
  if (config?.isHomePage === 0) return <MenuRouteLoader />;
  return <HomePage />;
}

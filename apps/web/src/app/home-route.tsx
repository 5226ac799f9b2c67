import { HomePage } from '../features/content/components/home-page.tsx';
import { ReservationHome } from '../features/content/components/reservation-home.tsx';
import { useShopConfig } from '../lib/shop-config.ts';
import { MenuRouteLoader } from './routes/menu-route-loader.tsx';

/**
 * SPEC §1 and §2: a reservation-variant host gets its own root application; an ordering host
 * shows the landing page when isHomePage is set, otherwise the ordering menu (its own chunk, so
 * the landing page's bundle does not carry it).
 */
export function HomeRoute() {
  const config = useShopConfig();
  if (config?.siteVariant === 'reservation') return <ReservationHome />;
  if (config?.isHomePage === 0) return <MenuRouteLoader />;
  return <HomePage />;
}

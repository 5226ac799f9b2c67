import { HomePage } from '../features/content/components/home-page.tsx';
import { ReservationHome } from '../features/content/components/reservation-home.tsx';
import { useShopConfig } from '../lib/shop-config.ts';

/**
 * SPEC §1 and §2: a reservation-variant host gets its own root application; an ordering host
 * shows the landing page when isHomePage is set, otherwise the ordering menu. The menu arrives
 * with the catalogue feature; until then the landing page serves both.
 */
export function HomeRoute() {
  const config = useShopConfig();
  if (config?.siteVariant === 'reservation') return <ReservationHome />;
  return <HomePage />;
}

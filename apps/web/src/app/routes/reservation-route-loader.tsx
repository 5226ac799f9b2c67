import { Suspense } from 'react';
import { Navigate } from 'react-router';
import {
  ReservationFormSkeleton,
  ReservationLayout,
} from '../../features/reservation/components/reservation-layout.tsx';
import { useShopConfig } from '../../lib/shop-config.ts';
import { pageAfterFirstPaint } from '../first-paint.ts';

const reservationPage = pageAfterFirstPaint(() =>
  import('../../features/reservation/components/reservation-page.tsx').then((m) => ({
    default: m.ReservationPage,
  })),
);

const placeholder = (
  <ReservationLayout>
    <ReservationFormSkeleton />
  </ReservationLayout>
);

/**
 * /reservation (product.md §2): open to any visitor, unless the shop takes no bookings. The
 * first frame is the screen's heading and the form's place, from the main bundle; the form's
 * code is fetched once that frame is on screen (app/first-paint.ts), as the menu's is.
 */
export function ReservationRouteLoader() {
  const config = useShopConfig();
  const requested = reservationPage.useRequested();
  if (config?.allowBooking === 0) return <Navigate to="/" replace />;
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <reservationPage.Page />
    </Suspense>
  );
}

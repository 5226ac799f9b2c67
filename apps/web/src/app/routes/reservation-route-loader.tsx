import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import {
  ReservationFormSkeleton,
  ReservationLayout,
} from '../../features/reservation/components/reservation-layout.tsx';
import { useShopConfig } from '../../lib/shop-config.ts';
import { useChunkAfterFirstPaint } from '../first-paint.ts';
import { lazyPage } from '../lazy-page.ts';

let pageChunk: ReturnType<typeof loadPage> | undefined;
function loadPage() {
  return lazyPage(
    () => import('../../features/reservation/components/reservation-page.tsx'),
  )().then((m) => ({ default: m.ReservationPage }));
}
/** The booking form's chunk, fetched once (a failure shows the route's error page). */
const reservationChunk = () => (pageChunk ??= loadPage());
const ReservationPage = lazy(reservationChunk);

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
  const requested = useChunkAfterFirstPaint(
    () => void reservationChunk().catch(() => undefined),
    () => pageChunk !== undefined,
  );
  if (config?.allowBooking === 0) return <Navigate to="/" replace />;
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReservationPage />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * The reservation screen's heading and card (product.md §2 "Reservation screen"). Small and
 * free of the form's code, so the first frame can draw it from the main bundle while the form
 * loads (app/routes/reservation-route-loader.tsx).
 */
export function ReservationLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <div className="text-center">
        <h1 id="reservation-title" className="text-3xl font-bold tracking-wide sm:text-4xl">
          MAKE RESERVATION
        </h1>
        <p className="mt-2 text-stone-700">
          Choose a day and a time. We will confirm your booking by e-mail.
        </p>
      </div>
      <div className={`${CARD_CLASS} mt-8`}>{children}</div>
    </div>
  );
}

/** The form's place while its code loads: as tall as a screen, so nothing below it jumps. */
export function ReservationFormSkeleton() {
  return (
    <div className="min-h-svh space-y-4">
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
      <Skeleton className="h-40" />
    </div>
  );
}

import { Navigate } from 'react-router';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { shopToday } from '../reservation-dates.ts';
import { ReservationForm } from './reservation-form.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

/** product.md §2 "Reservation screen": open to any visitor, unless the shop takes no bookings. */
export function ReservationPage() {
  const config = useShopConfig();
  if (config?.allowBooking === 0) return <Navigate to="/" replace />;
  const today = shopToday(config?.timeZone);
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
      <div className={`${CARD_CLASS} mt-8`}>
        <ReservationForm key={today} today={today} />
      </div>
    </div>
  );
}

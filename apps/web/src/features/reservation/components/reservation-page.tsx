import { shopToday } from '../reservation-dates.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { ReservationForm } from './reservation-form.tsx';
import { ReservationLayout } from './reservation-layout.tsx';

/** product.md §2 "Reservation screen": the booking form under its heading. */
export function ReservationPage() {
  const config = useShopConfig();
  const today = shopToday(config?.timeZone);
  return (
    <ReservationLayout>
      <ReservationForm key={today} today={today} />
    </ReservationLayout>
  );
}

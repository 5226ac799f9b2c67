import { Link } from 'react-router';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useGetHomeQuery } from '../api.ts';
import { BookingCard } from './booking-card.tsx';
import { Hero } from './hero.tsx';

/** The root of the reservation site (product.md §1: "a different root application"). */
export function ReservationHome() {
  const config = useShopConfig();
  const { data: home } = useGetHomeQuery();
  const where = [config?.locationData.addressLine1, config?.locationData.addressLine2]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <div className="mx-auto max-w-3xl px-4 py-6 empty:hidden">
        <BookingCard />
      </div>
      <Hero
        banner={home?.banners[0]}
        title={`Book a table at ${config?.websiteName ?? ''}`}
        subtitle={`${where}. Choose a day and time and we will confirm your booking by e-mail.`}
      >
        {config?.allowBooking === 1 ? (
          <Link
            to="/reservation"
            className="rounded-lg bg-white px-6 py-3 text-lg font-semibold text-stone-900"
          >
            Make a reservation
          </Link>
        ) : null}
        <Link
          to="/menu"
          className="rounded-lg border-2 border-white px-6 py-3 text-lg font-semibold"
        >
          Order Online
        </Link>
      </Hero>
    </>
  );
}

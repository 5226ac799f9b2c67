import { Link } from 'react-router';
import { tenancyAssetPath } from '@servery/contract/constants';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useGetHomeQuery } from '../api.ts';

/** The root of the reservation site (SPEC §1: "a different root application"). */
export function ReservationHome() {
  const config = useShopConfig();
  const { data: home } = useGetHomeQuery();
  const hero = home?.banners[0];
  return (
    <section
      aria-labelledby="booking-title"
      className="relative overflow-hidden bg-primary text-on-primary"
    >
      {hero ? (
        <img
          src={tenancyAssetPath(hero.banner)}
          alt={hero.alt}
          width={1200}
          height={480}
          className="absolute inset-0 h-full w-full object-cover opacity-50"
        />
      ) : null}
      <div className="relative mx-auto max-w-5xl px-4 py-20 sm:py-28">
        <h1 id="booking-title" className="text-3xl font-bold sm:text-5xl">
          Book a table at {config?.websiteName}
        </h1>
        <p className="mt-3 max-w-xl text-lg">
          {[config?.locationData.addressLine1, config?.locationData.addressLine2]
            .filter(Boolean)
            .join(', ')}
          . Choose a day and time and we will confirm your booking by e-mail.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
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
        </div>
      </div>
    </section>
  );
}

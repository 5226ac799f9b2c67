import { Link } from 'react-router';
import type { HomeContent } from '@servery/contract/home';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useHomeContent } from '../use-home-content.ts';
import { useSkeletonWindow } from '../use-skeleton-window.ts';
import { BookingCard } from './booking-card.tsx';
import { Hero } from './hero.tsx';
import { FindUs, HomeCard } from './home-card.tsx';
import { ShopHours } from './hours-changes.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

const LINK = 'font-medium text-primary underline';

/**
 * The root of the reservation site (product.md §1: "a different root application"). Below the
 * hero, what a guest booking a table needs and the footer leaves out on this page (product.md §2:
 * its top part is hidden on the home page), so the page has no empty band below the hero: when
 * tables can be booked, where the restaurant is, and its number.
 */
export function ReservationHome() {
  const config = useShopConfig();
  const { data, isError, refetch } = useHomeContent();
  const home = { data, isError, refetch, skeleton: useSkeletonWindow(Boolean(data)) };
  const where = [config?.locationData.addressLine1, config?.locationData.addressLine2]
    .filter(Boolean)
    .join(', ');
  const bookingsOpen = config?.allowBooking === 1;
  return (
    <>
      <div className="mx-auto max-w-3xl px-4 py-6 empty:hidden">
        <BookingCard />
      </div>
      <Hero
        banner={data?.banners[0]}
        title={`Book a table at ${config?.websiteName ?? ''}`}
        // With bookings off (the staff's "Table bookings" switch), no invitation to a form that
        // is not there: it says so, and the number to call is below (walk 2, item 18).
        subtitle={
          bookingsOpen
            ? `${where}. Choose a day and time and we will confirm your booking by e-mail.`
            : `${where}. Online booking is closed: please call us to book a table.`
        }
      >
        {bookingsOpen ? (
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

      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-3">
        {/* The hours tables can be booked for; a shop with none set gives its opening hours. */}
        <HomeCard id="hours-title" title={hoursTitle(data)} minHeight="min-h-[11rem]" home={home}>
          {(content) => (
            <ShopHours
              home={content}
              site="booking"
              ids={{ hours: 'booking-hours', changes: 'booking-changes', closed: 'closed-stores' }}
              note={
                <p className="mt-3 text-sm text-stone-700">
                  Tables are served within these hours: each sitting&rsquo;s last table starts a
                  little before its end. The booking form shows the times still free on your day.
                </p>
              }
            />
          )}
        </HomeCard>
        <HomeCard id="find-title" title="Find us" minHeight="min-h-[8rem]" home={home}>
          {({ locationData }) => <FindUs location={locationData} />}
        </HomeCard>
        <HomeCard id="call-title" title="Call us" minHeight="min-h-[8rem]" home={home}>
          {({ getInTouch }) => (
            <p className="text-sm text-stone-700">
              For a large party or a question about your booking:{' '}
              <a className={`inline-block py-1 ${LINK}`} href={telHref(getInTouch.contactNumber)}>
                {formatPhone(getInTouch.contactNumber)}
              </a>
            </p>
          )}
        </HomeCard>
      </div>
    </>
  );
}

/** The reservation site's hours are the booking hours, unless the shop has set none. */
const hoursTitle = (home: HomeContent | undefined) =>
  home && !home.bookingHours ? 'Opening hours' : 'Booking hours';

import { Link, useLocation } from 'react-router';
import type { ShopConfig } from '@servery/contract/config';
import { tenancyAssetPath } from '@servery/contract/constants';
import { ShopHours } from '../features/content/components/hours-changes.tsx';
import { useHomeContent } from '../features/content/use-home-content.ts';
import { formatPhone, telHref } from '@servery/contract/phone-format';

/** product.md §2: no footer on these routes. */
const WITHOUT_FOOTER = ['/checkout', '/payment', '/cart'];

const NETWORK_NAMES = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

export function Footer({ config }: { config: ShopConfig | null }) {
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');
  if (WITHOUT_FOOTER.includes(pathname) || !config) return null;
  const reservationSite = config.siteVariant === 'reservation';
  const showTop = pathname !== '/';

  return (
    <footer className="bg-primary text-on-primary" data-testid="footer">
      {showTop ? (
        <div
          className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:grid-cols-2"
          data-testid="footer-top"
        >
          <div className="space-y-3">
            <img
              src={tenancyAssetPath(config.footerLogo)}
              alt={config.websiteName}
              width={188}
              height={48}
              className="h-12 w-auto"
            />
            <p>
              <a href={telHref(config.contactNumber)} className="underline">
                {formatPhone(config.contactNumber)}
              </a>
            </p>
            <p>
              <a href={config.locationData.directionLink} className="underline">
                {config.locationData.addressLine1}
                {config.locationData.addressLine2 ? `, ${config.locationData.addressLine2}` : ''}
              </a>
            </p>
            {config.socialLinks.length ? (
              <ul className="flex flex-wrap gap-3" aria-label="Social media">
                {config.socialLinks.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      className="inline-block py-1 underline"
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {NETWORK_NAMES[link.network]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {reservationSite ? <ReservationExtras config={config} /> : null}
        </div>
      ) : null}
      <div className="border-t border-white/20">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-4 text-sm">
          <p>
            © {config.websiteName} {new Date().getFullYear()}
          </p>
          <Link to="/" className="underline">
            Terms of Service
          </Link>
          <Link to="/" className="underline">
            Privacy
          </Link>
          <Link to="/CookiePolicy" className="underline">
            Cookie Policy
          </Link>
        </div>
      </div>
    </footer>
  );
}

/**
 * The reservation site's footer also gives hours, contacts and ways to act (product.md §2). The
 * hours are those a table can be booked for (the shop document's `booking.hours`); the main
 * store's hours are for orders, which this site is not about. A shop with no booking hours set
 * gives its opening hours.
 */
function ReservationExtras({ config }: { config: ShopConfig }) {
  const { data: home } = useHomeContent();
  const action = 'inline-block rounded-lg bg-white px-4 py-2 font-semibold text-stone-900';
  return (
    <div className="space-y-3" data-testid="reservation-footer">
      <h2 className="font-semibold">
        {home && !home.bookingHours ? 'Opening hours' : 'Booking hours'}
      </h2>
      {home ? (
        <div>
          <ShopHours
            home={home}
            site="booking"
            tone="footer"
            ids={{ changes: 'footer-changes', closed: 'footer-closed-stores' }}
          />
        </div>
      ) : null}
      <p className="text-sm">
        Website:{' '}
        <a href={config.website} className="underline">
          {config.website.replace(/^https?:\/\//, '')}
        </a>
        <br />
        Support:{' '}
        <a href={`mailto:${config.supportEmail}`} className="underline">
          {config.supportEmail}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={config.locationData.directionLink} className={action}>
          Get Directions
        </a>
        <a href={telHref(config.contactNumber)} className={action}>
          Call Now
        </a>
        <Link to="/menu" className={action}>
          Order Online
        </Link>
      </div>
    </div>
  );
}

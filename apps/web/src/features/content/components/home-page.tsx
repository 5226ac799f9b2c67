import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { tenancyAssetPath } from '@servery/contract/constants';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WhenVisible } from '../../../components/ui/when-visible.tsx';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useHomeContent } from '../use-home-content.ts';
import { useSkeletonWindow } from '../use-skeleton-window.ts';
import { Hero } from './hero.tsx';
import { BookingCard } from './booking-card.tsx';
import { FindUs, HomeCard } from './home-card.tsx';
import { ShopHours } from './hours-changes.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

const LINK = 'font-medium text-primary underline';

// The forms (and the validation code they bring) load when their section nears the screen.
const NewsletterForm = lazy(() =>
  import('./home-forms.tsx').then((m) => ({ default: m.NewsletterForm })),
);
const ContactForm = lazy(() =>
  import('./home-forms.tsx').then((m) => ({ default: m.ContactForm })),
);

/** The landing page: hero, the shop's kitchens, hours, location, contact and the forms. */
export function HomePage() {
  const config = useShopConfig();
  const { data, isError, refetch } = useHomeContent();
  const home = { data, isError, refetch, skeleton: useSkeletonWindow(Boolean(data)) };
  const banner = data?.banners[0];

  return (
    <>
      <div className="mx-auto max-w-5xl px-4 py-6 empty:hidden">
        <BookingCard />
      </div>
      <Hero
        banner={banner}
        title={banner?.title ?? config?.websiteName ?? ''}
        subtitle={banner?.subtitle}
      >
        <Link
          to="/menu"
          className="rounded-lg bg-white px-6 py-3 text-lg font-semibold text-stone-900"
        >
          Order now
        </Link>
      </Hero>

      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-3">
        {config && config.brands.length > 0 ? (
          <section aria-labelledby="brands-title" className="md:col-span-3">
            <h2 id="brands-title" className="mb-4 text-2xl font-semibold">
              Our kitchens
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {config.brands.map((brand) => (
                <li
                  key={brand.slug}
                  className="relative flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm hover:bg-stone-50"
                >
                  {brand.logo ? (
                    <img
                      src={tenancyAssetPath(brand.logo)}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12"
                    />
                  ) : null}
                  <div>
                    <Link
                      to={`/${brand.slug}`}
                      className="font-semibold after:absolute after:inset-0"
                    >
                      {brand.name}
                    </Link>
                    <p className="text-sm text-stone-600">{brand.tagline}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <HomeCard id="hours-title" title="Opening hours" minHeight="min-h-[15rem]" home={home}>
          {(content) => (
            <ShopHours
              home={content}
              site="ordering"
              ids={{ changes: 'opening-changes', closed: 'closed-stores' }}
            />
          )}
        </HomeCard>

        <HomeCard id="find-title" title="Find us" minHeight="min-h-[10rem]" home={home}>
          {({ locationData }) => <FindUs location={locationData} />}
        </HomeCard>

        <HomeCard id="contact-title" title="Get in touch" minHeight="min-h-[10rem]" home={home}>
          {({ getInTouch }) => (
            <p className="text-sm text-stone-700">
              <a className={LINK} href={telHref(getInTouch.contactNumber)}>
                {formatPhone(getInTouch.contactNumber)}
              </a>
              <br />
              <a className={LINK} href={`mailto:${getInTouch.supportEmail}`}>
                {getInTouch.supportEmail}
              </a>
            </p>
          )}
        </HomeCard>

        <div className="md:col-span-3">
          <WhenVisible minHeight="30rem">
            <Suspense fallback={<Skeleton className="h-[30rem]" />}>
              <div className="grid gap-6 md:grid-cols-3">
                <NewsletterForm />
                <div className="md:col-span-2">
                  <ContactForm />
                </div>
              </div>
            </Suspense>
          </WhenVisible>
        </div>
      </div>
    </>
  );
}

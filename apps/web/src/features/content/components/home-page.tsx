import { tenancyAssetPath } from '@servery/contract/constants';
import type { OpeningHoursData } from '@servery/contract/home';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { WhenVisible } from '../../../components/ui/when-visible.tsx';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { useGetHomeQuery } from '../api.ts';
import { useSkeletonWindow } from '../use-skeleton-window.ts';

const DAY_ORDER: (keyof OpeningHoursData)[] = [
  'Weekdays',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

// The forms (and the validation code they bring) load when their section nears the screen.
const NewsletterForm = lazy(() =>
  import('./home-forms.tsx').then((m) => ({ default: m.NewsletterForm })),
);
const ContactForm = lazy(() =>
  import('./home-forms.tsx').then((m) => ({ default: m.ContactForm })),
);

export function HomePage() {
  const config = useShopConfig();
  const { data: home, isError, refetch } = useGetHomeQuery();
  const skeleton = useSkeletonWindow(Boolean(home));
  const hero = home?.banners[0];

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-primary text-on-primary"
      >
        {hero ? (
          <img
            src={tenancyAssetPath(hero.banner)}
            alt={hero.alt}
            width={1200}
            height={480}
            className="absolute inset-0 h-full w-full object-cover opacity-60"
          />
        ) : null}
        <div className="relative mx-auto flex min-h-[21rem] max-w-5xl flex-col justify-center px-4 py-12 sm:min-h-[26rem]">
          <h1 id="hero-title" className="text-3xl font-bold sm:text-5xl">
            {hero?.title ?? config?.websiteName ?? ''}
          </h1>
          {hero?.subtitle ? <p className="mt-3 max-w-xl text-lg">{hero.subtitle}</p> : null}
          <Link
            to="/menu"
            className="mt-8 inline-block rounded-lg bg-white px-6 py-3 text-lg font-semibold text-stone-900"
          >
            Order now
          </Link>
        </div>
      </section>

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
                  className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm"
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
                    <p className="font-semibold">{brand.name}</p>
                    <p className="text-sm text-stone-600">{brand.tagline}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section
          aria-labelledby="hours-title"
          className="min-h-[15rem] rounded-xl bg-white p-5 shadow-sm"
        >
          <h2 id="hours-title" className="mb-3 text-lg font-semibold">
            Opening hours
          </h2>
          {home ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {DAY_ORDER.filter((day) => home.openingHours[day]).map((day) => (
                <div key={day} className="contents">
                  <dt className="font-medium">{day === 'Weekdays' ? 'Monday to Friday' : day}</dt>
                  <dd className="text-stone-700">{home.openingHours[day]}</dd>
                </div>
              ))}
            </dl>
          ) : isError ? (
            <LoadFailed onRetry={refetch} />
          ) : (
            <Pending skeleton={skeleton} />
          )}
        </section>

        <section
          aria-labelledby="find-title"
          className="min-h-[10rem] rounded-xl bg-white p-5 shadow-sm"
        >
          <h2 id="find-title" className="mb-3 text-lg font-semibold">
            Find us
          </h2>
          {home ? (
            <address className="text-sm not-italic text-stone-700">
              {home.locationData.addressLine1}
              <br />
              {home.locationData.addressLine2}
              <br />
              <a
                className="mt-2 inline-block font-medium text-primary underline"
                href={home.locationData.directionLink}
              >
                Get directions
              </a>
            </address>
          ) : isError ? (
            <LoadFailed onRetry={refetch} />
          ) : (
            <Pending skeleton={skeleton} />
          )}
        </section>

        <section
          aria-labelledby="contact-title"
          className="min-h-[10rem] rounded-xl bg-white p-5 shadow-sm"
        >
          <h2 id="contact-title" className="mb-3 text-lg font-semibold">
            Get in touch
          </h2>
          {home ? (
            <p className="text-sm text-stone-700">
              <a
                className="font-medium text-primary underline"
                href={`tel:${home.getInTouch.contactNumber.replace(/\s/g, '')}`}
              >
                {home.getInTouch.contactNumber}
              </a>
              <br />
              <a
                className="font-medium text-primary underline"
                href={`mailto:${home.getInTouch.supportEmail}`}
              >
                {home.getInTouch.supportEmail}
              </a>
            </p>
          ) : isError ? (
            <LoadFailed onRetry={refetch} />
          ) : (
            <Pending skeleton={skeleton} />
          )}
        </section>
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

function Pending({ skeleton }: { skeleton: boolean }) {
  return skeleton ? (
    <Skeleton className="h-24" />
  ) : (
    <p className="text-sm text-stone-600" role="status">
      Still loading…
    </p>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="text-sm text-stone-700">
      We could not load this just now.{' '}
      <button type="button" className="font-medium text-primary underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

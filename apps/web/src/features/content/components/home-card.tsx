import type { ReactNode } from 'react';
import type { LocationData } from '@servery/contract/config';
import type { OpeningHoursData } from '@servery/contract/home';
import { openingHoursRows } from '../../../lib/opening-hours.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LINK_CLASS } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

export interface HomeData<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => void;
  /** Within the 1 s skeleton window (product.md §9). */
  skeleton: boolean;
}

/**
 * A card of the home page that shows its part of the home data: a skeleton while it loads
 * (for 1 s at most), a retry when it failed, the content when it came.
 */
export function HomeCard<T>({
  id,
  title,
  minHeight,
  home,
  children,
}: {
  id: string;
  title: string;
  minHeight: string;
  home: HomeData<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${CARD_CLASS} ${minHeight}`}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {home.data ? (
        children(home.data)
      ) : home.isError ? (
        <p className="text-sm text-stone-700">
          We could not load this just now.{' '}
          <button type="button" className={LINK_CLASS} onClick={home.refetch}>
            Try again
          </button>
        </p>
      ) : home.skeleton ? (
        <Skeleton className="h-24" />
      ) : (
        <p className="text-sm text-stone-600" role="status">
          Still loading…
        </p>
      )}
    </section>
  );
}

/** The surface hours sit on: a white card, or the footer's shop colour. */
export type HoursTone = 'card' | 'footer';

/** A week of hours, a day a line: the landing page's opening hours, the booking site's. */
export function HoursList({
  hours,
  tone = 'card',
  testId,
}: {
  hours: OpeningHoursData;
  tone?: HoursTone;
  testId?: string;
}) {
  const onCard = tone === 'card';
  return (
    <dl
      className={`grid grid-cols-[auto_1fr] gap-x-4 text-sm ${onCard ? 'gap-y-1' : ''}`}
      data-testid={testId}
    >
      {openingHoursRows(hours).map((row) => (
        <div key={row.day} className="contents">
          <dt className={onCard ? 'font-medium' : undefined}>{row.day}</dt>
          <dd className={onCard ? 'text-stone-700' : undefined}>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the shop is, with the way there: the "Find us" card of both home pages. */
export function FindUs({ location }: { location: LocationData }) {
  return (
    <address className="text-sm not-italic text-stone-700">
      {location.addressLine1}
      <br />
      {location.addressLine2}
      <br />
      <a
        className="mt-2 inline-block py-1 font-medium text-primary underline"
        href={location.directionLink}
      >
        Get directions
      </a>
    </address>
  );
}

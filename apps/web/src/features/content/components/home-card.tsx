import type { ReactNode } from 'react';
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

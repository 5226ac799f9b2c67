import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';

/**
 * A card of the account page that shows what the server keeps for the customer (addresses,
 * cards, bookings): its heading (focusable, for after a change), then Try again when the read
 * failed, a skeleton while it loads, or `children` of what was read once in; `after` (its dialogs) stands beside.
 */
export function AccountSection<T>({
  titleId,
  title,
  what,
  isError,
  data,
  onRetry,
  skeleton,
  children,
  after,
}: {
  titleId: string;
  title: string;
  /** "Your cards", in "Your cards could not be loaded." */
  what: string;
  isError: boolean;
  /** What was read; undefined while it loads. */
  data: T | undefined;
  onRetry: () => void;
  skeleton: ReactNode;
  /** The card's content, given what was read. */
  children: (data: T) => ReactNode;
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} aria-busy={data === undefined && !isError}>
      <h2 id={titleId} tabIndex={-1} className="text-xl font-semibold outline-offset-4">
        {title}
      </h2>
      {isError ? (
        <div role="alert" className="mt-2">
          <p>{what} could not be loaded.</p>
          <button
            type="button"
            onClick={onRetry}
            className={buttonClass({ variant: 'outline', className: 'mt-3' })}
          >
            Try again
          </button>
        </div>
      ) : data === undefined ? (
        skeleton
      ) : (
        children(data)
      )}
      {after}
    </section>
  );
}

import { Fragment, useState, type ReactNode } from 'react';
import { adminErrorMessage } from './admin-api.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { ProblemLine } from '../components/ui/problem.tsx';

export interface PageSlot {
  cursor: string;
  /** Set on the last page shown: asks for the page after it. */
  onMore?: (next: string) => void;
}

/**
 * A list that pages with a cursor (the order history, the customers): every page shown is a
 * query of its own, and a new `filter` starts again from the first page.
 */
export function PagedList({
  filter,
  children: page,
}: {
  filter: string;
  children: (slot: PageSlot) => ReactNode;
}) {
  const [shown, setShown] = useState({ filter, cursors: [''] });
  const cursors = shown.filter === filter ? shown.cursors : [''];
  return (
    <ul className="mt-4 space-y-3">
      {cursors.map((cursor, index) => (
        <Fragment key={cursor}>
          {page({
            cursor,
            onMore:
              index === cursors.length - 1
                ? (next) => setShown({ filter, cursors: [...cursors, next] })
                : undefined,
          })}
        </Fragment>
      ))}
    </ul>
  );
}

/** One page's rows: loading, an error, nothing found, or the rows and a button for the next. */
export function PageRows<T extends { id: string }>({
  query: { data, error, isLoading },
  items,
  slot,
  words,
  children: row,
}: {
  query: { data?: { next_cursor: string | null }; error?: unknown; isLoading: boolean };
  items: T[] | undefined;
  slot: PageSlot;
  words: { loading: string; none: string; more: string };
  children: (item: T) => ReactNode;
}) {
  if (isLoading) return <li role="status">{words.loading}</li>;
  if (error) return <ProblemLine as="li" message={adminErrorMessage(error)} />;
  if (!items?.length) return slot.cursor ? null : <li>{words.none}</li>;
  const next = data?.next_cursor;
  return (
    <>
      {items.map((item) => (
        <li key={item.id}>{row(item)}</li>
      ))}
      {slot.onMore && next && (
        <li>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => slot.onMore!(next)}
          >
            {words.more}
          </button>
        </li>
      )}
    </>
  );
}

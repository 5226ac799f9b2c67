import { Fragment } from 'react';
import type { HomeContent, HoursChange } from '@servery/contract/home';

/**
 * The dates in the coming fortnight whose hours are not the week's above (a special day, a
 * sitting closed out), a date a line, today's marked; nothing at all when there are none.
 * `tone` is the surface it sits on: a white card, or the footer's shop colour.
 */
export function HoursChanges({
  changes,
  tone = 'card',
  testId,
}: {
  changes: readonly HoursChange[] | null | undefined;
  tone?: 'card' | 'footer';
  testId?: string;
}) {
  if (!changes?.length) return null;
  const onCard = tone === 'card';
  const today = onCard ? 'bg-primary text-on-primary' : 'bg-white text-stone-900';
  return (
    <div
      className={`mt-4 border-t pt-3 ${onCard ? 'border-stone-200' : 'border-white/30'}`}
      data-testid={testId}
    >
      <h3 className="mb-1 text-sm font-semibold">Changes in the next two weeks</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {changes.map((change) => (
          <div key={change.date} className="contents">
            <dt className="font-medium" aria-current={change.today ? 'date' : undefined}>
              {change.day}
              {change.today ? (
                <>
                  {' '}
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${today}`}>
                    Today
                  </span>
                </>
              ) : null}
            </dt>
            <dd className={onCard ? 'text-stone-700' : undefined}>
              {/* A range never breaks inside ("5:00 PM - 1:00 AM"); a narrow card wraps the date. */}
              {change.hours.split(', ').map((range, index) => (
                <Fragment key={range}>
                  {index > 0 ? ', ' : null}
                  <span className="whitespace-nowrap">{range}</span>
                </Fragment>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The changes beside the hours the reservation site shows: the booking hours' close-outs, or
 * the opening hours' special days when the shop has set no booking hours.
 */
export const hoursChangesOf = (home: HomeContent) =>
  home.bookingHours ? home.bookingChanges : home.openingChanges;

import { Fragment, type ReactNode } from 'react';
import type { ClosedStore, HomeContent, HoursChange } from '@servery/contract/home';
import { NOTICE_CLASS } from '../../../components/ui/problem.tsx';
import { HoursList, type HoursTone } from './home-card.tsx';

/** A part under the weekly hours: a rule above it, on a card or on the footer. */
const sectionClass = (tone: HoursTone) =>
  `mt-4 border-t pt-3 ${tone === 'card' ? 'border-stone-200' : 'border-white/30'}`;

/**
 * The dates in the coming fortnight whose hours are not the week's above (a special day, a
 * sitting closed out), a date a line, today's marked; under each store's name when the shop has
 * several (the answer gives them by store, the main store's first). Nothing at all when there
 * are none.
 */
export function HoursChanges({
  changes,
  tone = 'card',
  testId,
}: {
  changes: readonly HoursChange[] | null | undefined;
  tone?: HoursTone;
  testId?: string;
}) {
  if (!changes?.length) return null;
  const byStore: { store: string | undefined; changes: HoursChange[] }[] = [];
  for (const change of changes) {
    const last = byStore.at(-1);
    if (last && last.store === change.store) last.changes.push(change);
    else byStore.push({ store: change.store, changes: [change] });
  }
  return (
    <div className={sectionClass(tone)} data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold">Changes in the next two weeks</h3>
      {byStore.map((group) => (
        <Fragment key={group.store ?? ''}>
          {group.store ? (
            <h4 className="mt-3 mb-1 text-xs font-semibold tracking-wide uppercase">
              {group.store}
            </h4>
          ) : null}
          <ChangeLines changes={group.changes} tone={tone} />
        </Fragment>
      ))}
    </div>
  );
}

function ChangeLines({ changes, tone }: { changes: readonly HoursChange[]; tone: HoursTone }) {
  const onCard = tone === 'card';
  const today = onCard ? 'bg-primary text-on-primary' : 'bg-white text-stone-900';
  return (
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
  );
}

/**
 * The stores closed until further notice ("Camden: Temporarily closed"), or the whole shop under
 * its closed switch, in its dialog's words and with its message. First on the card, in place of
 * the hours they stop; under a heading where the hours printed are another thing's (a booking
 * site's booking hours: the switch and a store's closure close orders, not bookings).
 */
export function ClosedStores({
  closed,
  tone = 'card',
  heading,
  testId,
}: {
  closed: readonly ClosedStore[] | undefined;
  tone?: HoursTone;
  heading?: string;
  testId?: string;
}) {
  if (!closed?.length) return null;
  const lines = (
    <ul className="space-y-1 text-sm">
      {closed.map((entry) => (
        <li key={entry.store ?? ''}>
          {entry.store ? <span className="font-semibold">{entry.store}: </span> : null}
          <span className={entry.store ? undefined : 'font-semibold'}>{entry.text}</span>
          {entry.message ? <span className="block">{entry.message}</span> : null}
        </li>
      ))}
    </ul>
  );
  if (heading) {
    return (
      <div className={sectionClass(tone)} data-testid={testId}>
        <h3 className="mb-1 text-sm font-semibold">{heading}</h3>
        {lines}
      </div>
    );
  }
  const bar = tone === 'card' ? NOTICE_CLASS : 'border-l-4 border-white pl-3';
  return (
    <div className={`mb-3 ${bar}`} data-testid={testId}>
      {lines}
    </div>
  );
}

/**
 * The hours a home page or the booking site's footer prints, whole: the stores closed until
 * further notice first, the main store's weekly hours unless it is one of them, and the
 * fortnight's changes. The booking site (`site="booking"`) prints its booking hours instead,
 * with their close-outs, and the closures under "Online orders"; a shop without booking hours
 * prints its opening hours there, as the landing page does. `note` follows the booking hours.
 */
export function ShopHours({
  home,
  site,
  tone = 'card',
  note,
  ids,
}: {
  home: HomeContent;
  site: 'ordering' | 'booking';
  tone?: HoursTone;
  note?: ReactNode;
  ids: { hours?: string; changes: string; closed: string };
}) {
  const bookingHours = site === 'booking' ? home.bookingHours : null;
  if (bookingHours) {
    return (
      <>
        <HoursList hours={bookingHours} tone={tone} testId={ids.hours} />
        {note}
        <HoursChanges changes={home.bookingChanges} tone={tone} testId={ids.changes} />
        <ClosedStores
          closed={home.closedStores}
          tone={tone}
          heading="Online orders"
          testId={ids.closed}
        />
      </>
    );
  }
  const mainClosed = home.closedStores?.some((entry) => entry.main) ?? false;
  return (
    <>
      <ClosedStores closed={home.closedStores} tone={tone} testId={ids.closed} />
      {mainClosed ? null : <HoursList hours={home.openingHours} tone={tone} testId={ids.hours} />}
      <HoursChanges changes={home.openingChanges} tone={tone} testId={ids.changes} />
    </>
  );
}

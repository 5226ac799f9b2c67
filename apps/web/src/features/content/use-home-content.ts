import { useEffect, useRef } from 'react';
import { useGetHomeQuery } from './api.ts';

/**
 * How long to wait before asking again when the day's end has passed here but the answer asked
 * for since still names it (this device's clock was changed since): once a minute, not a loop.
 */
const DAY_END_RETRY_MS = 60_000;
/** setTimeout's longest wait; a longer one would fire at once. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * GET /api/home for a page that prints it, fetched again when the shop's day ends (decision
 * 72: the fortnight's changes and their "Today" are the server's, per shop date). A tab left
 * open across the shop's midnight asks once then, and a tab that slept through it (a timer
 * waits with the device, and a hidden tab's timers run late) asks when it is looked at again:
 * on focus or when it becomes visible, if the day's end has passed. Nothing is asked otherwise.
 */
export function useHomeContent() {
  const query = useGetHomeQuery();
  const { refetch } = query;
  const refreshAt = query.data?.refreshAt;
  const dayEndsAt = query.data?.dayEndsAt;
  /** The day's end last asked again for: an answer still naming it waits a minute, not 0 ms. */
  const askedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (refreshAt === undefined) return;
    const due = () => Date.now() >= refreshAt;
    const askAgain = () => {
      askedFor.current = dayEndsAt;
      void refetch();
    };
    const lookedAt = () => {
      if (document.visibilityState !== 'hidden' && due()) askAgain();
    };
    const wait = !due()
      ? Math.min(refreshAt - Date.now(), LONGEST_WAIT_MS)
      : askedFor.current === dayEndsAt
        ? DAY_END_RETRY_MS
        : 0; // it ended while the answer was on its way
    const timer = setTimeout(askAgain, wait);
    window.addEventListener('focus', lookedAt);
    document.addEventListener('visibilitychange', lookedAt);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', lookedAt);
      document.removeEventListener('visibilitychange', lookedAt);
    };
  }, [refreshAt, dayEndsAt, refetch]);
  return query;
}

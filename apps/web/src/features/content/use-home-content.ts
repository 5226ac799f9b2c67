import { useEffect } from 'react';
import { useGetHomeQuery } from './api.ts';

/**
 * How long to wait before asking again when the day's end has passed here but the answer still
 * names it (this device's clock was set back or forward since): once a minute, not a loop.
 */
export const DAY_END_RETRY_MS = 60_000;
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
  const refreshAt = query.data?.refreshAt;
  const { refetch } = query;
  useEffect(() => {
    if (refreshAt === undefined) return;
    const due = () => Date.now() >= refreshAt;
    const lookedAt = () => {
      if (document.visibilityState !== 'hidden' && due()) refetch();
    };
    const wait = due() ? DAY_END_RETRY_MS : Math.min(refreshAt - Date.now(), LONGEST_WAIT_MS);
    const timer = setTimeout(() => void refetch(), wait);
    window.addEventListener('focus', lookedAt);
    document.addEventListener('visibilitychange', lookedAt);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', lookedAt);
      document.removeEventListener('visibilitychange', lookedAt);
    };
  }, [refreshAt, refetch]);
  return query;
}

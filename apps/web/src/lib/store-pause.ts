import type { StoreSummary } from '@servery/contract/menu';
import type { OrderType } from '@servery/contract/order-types';
import { isDefaultPauseMessage } from '@servery/contract/pause-words';
import { shopClockTime, shopDate, shopDateTime } from './shop-time.ts';

/** A pause as the customer's pages know it: the store's (its summary) or the times' answer. */
export interface PauseSaid {
  /** The ways paused that the page speaks of. */
  ways: readonly OrderType[];
  until: string;
  message: string;
}

/**
 * The ways of ordering this store offers that its Service screen has paused now (issue 15), in
 * the store's order; none when it is not paused or the pause has run out.
 */
export function pausedWays(store: StoreSummary, now: Date): OrderType[] {
  const pause = store.pause;
  if (!pause || new Date(pause.until).getTime() <= now.getTime()) return [];
  return store.order_types.filter((way) => pause.order_types.includes(way));
}

/**
 * What the menu and the checkout say of a pause, in the same words: which way, until when on the
 * shop's clock (with the day when it is not today), then the shop's own words, or, when it wrote
 * none, when to try again.
 */
export function pauseText(pause: PauseSaid, timeZone: string, now: Date): string {
  const [first, second] = pause.ways;
  const what = second
    ? 'Collection and delivery are'
    : `${first === 'delivery' ? 'Delivery' : 'Collection'} is`;
  const today = shopDate(pause.until, timeZone) === shopDate(now.toISOString(), timeZone);
  const until = today ? shopClockTime(pause.until, timeZone) : shopDateTime(pause.until, timeZone);
  const words = isDefaultPauseMessage(pause.message)
    ? 'Please try again then.'
    : pause.message.trim();
  return `${what} paused until ${until}. ${words}`.trim();
}

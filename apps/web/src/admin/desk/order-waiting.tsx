import { answerDeadline, placedAt } from '@servery/contract/desk-deadline';
import type { DeskOrder } from '@servery/contract/desk';
import { shopClockTime } from '../../lib/shop-time.ts';
import { useDeskClock } from './use-desk-clock.ts';

const MINUTE = 60_000;
/** Under this, the time left is shown in red: the order is about to be lost. */
const URGENT_MS = 3 * MINUTE;

const words = (m: number) => (m === 1 ? '1 min' : `${m} min`);

/**
 * On a waiting card: when it was placed and how long it has waited, and the time left before it
 * is rejected unanswered (BACK-OFFICE.md: a card waiting 6 minutes must not look like a new one).
 * Both count from the one moment, its placing (placedAt), so they add up to the shop's answer
 * time: the wait in whole minutes gone (6:20 is 6), the time left in minutes begun (3:40 is 4).
 * Both rounded down read "Waiting 6 min · rejected in 3 min" with a 10-minute answer time, and
 * staff took them for counting from different moments (walk item 27).
 */
export function OrderWaiting({
  order,
  timeZone,
  autoRejectMinutes,
}: {
  order: DeskOrder;
  timeZone: string;
  autoRejectMinutes?: number;
}) {
  const now = useDeskClock();
  const waited = now - placedAt(order).getTime();
  const deadline = answerDeadline(order, autoRejectMinutes);
  const left = deadline.getTime() - now;
  const urgent = left < URGENT_MS;
  return (
    <p
      data-testid="order-waiting"
      className={`rounded-lg px-2 py-1 text-lg font-semibold ${urgent ? 'bg-red-700 text-white' : 'bg-amber-100 text-stone-900'}`}
    >
      Placed {shopClockTime(placedAt(order).toISOString(), timeZone)},{' '}
      {waited < MINUTE ? 'just in' : `waiting ${words(Math.floor(waited / MINUTE))}`}
      {' · '}
      {left <= 0
        ? 'being rejected automatically now'
        : left > 60 * MINUTE
          ? `answer by ${shopClockTime(deadline.toISOString(), timeZone)}`
          : `rejected automatically in ${words(Math.ceil(left / MINUTE))}`}
    </p>
  );
}

import { answerDeadline, placedAt } from '@servery/contract/desk-deadline';
import type { DeskOrder } from '@servery/contract/desk';
import { shopClockTime } from '../../lib/shop-time.ts';
import { useDeskClock } from './use-desk-clock.ts';

const MINUTE = 60_000;
/** Under this, the time left is shown in red: the order is about to be lost. */
const URGENT_MS = 3 * MINUTE;

const minutes = (ms: number) => {
  const m = Math.max(0, Math.floor(ms / MINUTE));
  return m === 1 ? '1 min' : `${m} min`;
};

/**
 * On a waiting card: how long it has waited, and the time left before it is rejected unanswered
 * (BACK-OFFICE.md: a card waiting 6 minutes must not look like a new one).
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
      {waited < MINUTE ? 'Just in' : `Waiting ${minutes(waited)}`}
      {' · '}
      {left <= 0
        ? 'being rejected automatically now'
        : left > 60 * MINUTE
          ? `answer by ${shopClockTime(deadline.toISOString(), timeZone)}`
          : `rejected automatically in ${minutes(left)}`}
    </p>
  );
}

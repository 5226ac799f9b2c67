import type { Order } from '@servery/contract/order';
import { BADGE_CLASS, CARD_CLASS } from '../../../components/ui/card.tsx';
import { shopClockTime, shopDate, shopDateTime, useShopTimeZone } from '../../../lib/shop-time.ts';
import { statusLabel, statusTone, suppliedOrOnItsWay } from '../labels.ts';
import { trackerOf, type TrackerStep } from '../tracker.ts';
import { ShopReason } from './shop-reason.tsx';

/**
 * The head of the order page (issue 20, point 4): when it will be ready or with the customer
 * (once the shop has declined or cancelled it: why, and what it cost), then where it has got to.
 * The page follows the kitchen live while it has the order (`live`: the stream is up), so this
 * moves on by itself, and the status is announced when it changes.
 */
export function OrderProgress({ order, live = false }: { order: Order; live?: boolean }) {
  const timeZone = useShopTimeZone();
  const steps = trackerOf(order);
  const delivery = order.order_type === 'delivery';
  return (
    <section className={CARD_CLASS} aria-labelledby="progress-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="progress-title" className="text-xl font-semibold">
          {delivery ? 'Your delivery' : 'Your collection'}
        </h2>
        <span
          className={`${BADGE_CLASS} ${statusTone(order.status)}`}
          data-testid="order-status"
          aria-live="polite"
          aria-atomic="true"
        >
          {statusLabel(order.status, order.order_type)}
        </span>
      </div>
      {/* A declined, cancelled or failed order will not be made: no time is expected of it. */}
      {suppliedOrOnItsWay(order.status) ? <OrderTime order={order} timeZone={timeZone} /> : null}
      <ShopReason order={order} />
      {steps ? <Tracker steps={steps} timeZone={timeZone} /> : null}
      {steps && live ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-stone-700" data-testid="order-live">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-700" />
          Live: this page moves on as the kitchen does.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The time once: the kitchen's promise when it has accepted (the ASAP estimate is then said no
 * more), else the time asked for. A pre-order keeps its day under the promise, and its asked
 * time too when the kitchen promised another.
 */
function OrderTime({ order, timeZone }: { order: Order; timeZone: string }) {
  const delivery = order.order_type === 'delivery';
  const promised = order.promised_at;
  const asked = order.asap
    ? `As soon as possible, around ${shopClockTime(order.scheduled_for, timeZone)}`
    : `Scheduled: ${shopDateTime(order.scheduled_for, timeZone)}`;
  const under = !promised
    ? asked
    : order.asap
      ? null
      : Date.parse(promised) === Date.parse(order.scheduled_for)
        ? `Scheduled: ${shopDate(order.scheduled_for, timeZone)}`
        : asked;
  return (
    <div className="mt-2" data-testid="order-time">
      {promised ? (
        <p className="text-2xl font-bold" data-testid="order-promised">
          {delivery ? 'With you around ' : 'Ready at '}
          {shopClockTime(promised, timeZone)}
        </p>
      ) : null}
      {under ? (
        <p className={promised ? 'text-stone-800' : 'text-lg font-semibold'}>{under}</p>
      ) : null}
      <p className="text-sm text-stone-700">Times are the shop’s local time.</p>
    </div>
  );
}

const DOT: Record<TrackerStep['state'], string> = {
  done: 'border-emerald-700 bg-emerald-700 text-white',
  current: 'border-primary bg-white text-primary ring-4 ring-primary/20',
  todo: 'border-stone-400 bg-white text-stone-500',
};

function Tracker({ steps, timeZone }: { steps: TrackerStep[]; timeZone: string }) {
  return (
    <ol className="mt-5 grid gap-3 sm:grid-cols-5 sm:gap-2" data-testid="order-tracker">
      {steps.map((step, index) => (
        <li
          key={step.key}
          className="flex items-center gap-3 sm:flex-col sm:items-center sm:text-center"
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-state={step.state}
        >
          <span
            aria-hidden="true"
            className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${DOT[step.state]}`}
          >
            {step.state === 'done' ? '✓' : index + 1}
          </span>
          <span>
            <span
              className={`block ${step.state === 'todo' ? 'text-stone-700' : 'font-semibold text-stone-900'}`}
            >
              {step.label}
              <span className="sr-only">
                {step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (now)' : ''}
              </span>
            </span>
            {step.at ? (
              <time dateTime={step.at} className="block text-sm text-stone-700">
                {shopClockTime(step.at, timeZone)}
              </time>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

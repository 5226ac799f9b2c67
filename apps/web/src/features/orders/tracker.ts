import type { Order, OrderStatus } from '@servery/contract/order';

export type TrackerState = 'done' | 'current' | 'todo';

export interface TrackerStep {
  key: 'placed' | 'accepted' | 'preparing' | 'handover' | 'done';
  label: string;
  state: TrackerState;
  /** When the order reached this step (the latest time it did), if it has. */
  at: string | null;
}

type Tracked = Pick<Order, 'status' | 'order_type' | 'status_history'>;

/** The statuses that count as reaching each step, in the tracker's order. */
const REACHED_BY: Record<TrackerStep['key'], readonly OrderStatus[]> = {
  placed: ['placed'],
  accepted: ['accepted'],
  preparing: ['preparing'],
  handover: ['ready', 'out_for_delivery'],
  done: ['completed'],
};

/**
 * Issue 20, point 4: placed, accepted, preparing, ready (collection) or on its way (delivery),
 * done. A delivery the kitchen has finished is still being prepared as far as the customer is
 * concerned until it leaves. Null for an order the shop does not have or no longer makes (not
 * paid yet, payment failed, cancelled, declined): its status says it all.
 */
export function trackerOf(order: Tracked): TrackerStep[] | null {
  const delivery = order.order_type === 'delivery';
  const reached = reachedIndex(order.status, delivery);
  if (reached === null) return null;
  const labels: Record<TrackerStep['key'], string> = {
    placed: 'Placed',
    accepted: 'Accepted',
    preparing: 'Being prepared',
    handover: delivery ? 'On its way' : 'Ready to collect',
    done: delivery ? 'Delivered' : 'Collected',
  };
  const keys = Object.keys(REACHED_BY) as TrackerStep['key'][];
  return keys.map((key, index) => ({
    key,
    label: labels[key],
    state:
      index < reached || (index === reached && key === 'done')
        ? 'done'
        : index === reached
          ? 'current'
          : 'todo',
    at:
      index <= reached
        ? latestAt(order, delivery && key === 'handover' ? ['out_for_delivery'] : REACHED_BY[key])
        : null,
  }));
}

function reachedIndex(status: OrderStatus, delivery: boolean): number | null {
  switch (status) {
    case 'placed':
      return 0;
    case 'accepted':
      return 1;
    case 'preparing':
      return 2;
    case 'ready':
      return delivery ? 2 : 3;
    case 'out_for_delivery':
      return 3;
    case 'completed':
      return 4;
    default:
      return null;
  }
}

function latestAt(order: Tracked, statuses: readonly OrderStatus[]): string | null {
  const steps = order.status_history.filter((step) => statuses.includes(step.status));
  return steps.at(-1)?.at ?? null;
}

/**
 * The history the customer reads: the steps before payment ('Awaiting payment') are the shop's
 * business once the order is paid, so they go.
 */
export function visibleHistory(order: Pick<Order, 'status' | 'status_history'>) {
  if (order.status === 'pending_payment') return order.status_history;
  return order.status_history.filter((step) => step.status !== 'pending_payment');
}

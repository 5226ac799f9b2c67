import type { OrderType } from './menu.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses.ts';

// No zod here: the staff desk offers these moves on its first paint; desk.ts re-exports them
// beside the request schemas the server checks.

/**
 * How an order moves once it is placed (architecture.md "The restaurant side"): the one table the
 * server enforces in SQL (a conditional update on the current status) and the desk reads to
 * offer only the moves that exist. Payment moves the order into `placed` (or
 * `payment_failed`); staff move it from there.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: [],
  placed: ['accepted', 'rejected'],
  accepted: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['completed', 'out_for_delivery'],
  out_for_delivery: ['completed'],
  completed: [],
  cancelled: [],
  rejected: [],
  payment_failed: [],
};

/** Whether staff may move an order of `type` from `from` to `to`. */
export function canMove(from: OrderStatus, to: OrderStatus, type: OrderType): boolean {
  if (to === 'out_for_delivery' && type !== 'delivery') return false;
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses an order of `type` may be in for a move to `to` to be allowed. */
export const movableFrom = (to: OrderStatus, type: OrderType): OrderStatus[] =>
  ORDER_STATUSES.filter((from) => canMove(from, to, type));

/**
 * The most orders a board asks for by id in one request (`GET /api/admin/orders?ids=`), when
 * live events name orders that changed (decision 59).
 */
export const ORDER_IDS_MAX = 50;

/** Orders the kitchen still has to act on, in board order. */
export const OPEN_ORDER_STATUSES = [
  'placed',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
] as const satisfies readonly OrderStatus[];

/**
 * The kitchen's forward moves that can be taken back (POST /api/admin/orders/{id}/undo-move,
 * decision 65): the last move of an order, if it is one of these, for MOVE_UNDO_SECONDS after it
 * was made. Accept, reject and cancel are not among them: they have panels of their own.
 */
export const UNDOABLE_MOVES = [
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
] as const satisfies readonly OrderStatus[];
export type UndoableMove = (typeof UNDOABLE_MOVES)[number];
export const isUndoableMove = (status: OrderStatus): status is UndoableMove =>
  (UNDOABLE_MOVES as readonly OrderStatus[]).includes(status);
/**
 * How long a forward move can be undone. The customer's news of "ready" and "out for delivery"
 * waits this long in the outbox (a little longer: MOVE_NEWS_HOLD_SECONDS on the server), so an
 * undone move has told them nothing.
 */
export const MOVE_UNDO_SECONDS = 120;

/** Minutes until ready offered on accept (and any other whole number from 1 to 240). */
export const ACCEPT_MINUTE_PRESETS = [10, 15, 20, 30, 45, 60] as const;
/** The minutes a move takes (until ready on accept, or a delay): whole, from 1 to 240. */
export const MOVE_MINUTES = { min: 1, max: 240 } as const;
/**
 * The minutes rule of desk.ts' ZOrderStatusChange without zod: the desk checks typed minutes on
 * its first screen with it (desk.test.ts holds the two to the same answers).
 */
export const moveMinutesAllowed = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= MOVE_MINUTES.min && minutes <= MOVE_MINUTES.max;
/** Steps of a delay: the promised time moves on by this much. */
export const DELAY_MINUTE_PRESETS = [5, 10, 15] as const;

export const REJECT_REASONS = {
  too_busy: 'We are too busy to make your order in time',
  item_unavailable: 'Something you ordered is not available',
  closing: 'We are closing',
  outside_area: 'We cannot deliver to your address',
  other: 'Another reason',
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;

/**
 * What a declined or cancelled order costs the customer, in the same words in the message they
 * are sent and on the order's page.
 */
export const ENDED_ORDER_MONEY =
  'You have not been charged for it; any card payment is released or refunded in full.';

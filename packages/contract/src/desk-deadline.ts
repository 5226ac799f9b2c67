import type { DeskOrder } from './desk.ts';

// No zod here: the desk counts down on its first screen (docs/decisions/0048).

/** An order nobody answers is rejected this many minutes after it was placed (tenant-config.ts). */
export const DEFAULT_AUTO_REJECT_MINUTES = 10;

/** A pre-order may wait for the morning, but is answered half an hour before its time at least. */
export const ANSWER_BEFORE_DUE_MS = 30 * 60_000;
const MINUTE = 60_000;

/** When the order became `placed` (the last time, as the sweeper reads it), else when it was made. */
export function placedAt(order: Pick<DeskOrder, 'status_history' | 'created_at'>): Date {
  const placed = order.status_history.findLast((entry) => entry.status === 'placed');
  return new Date(placed?.at ?? order.created_at);
}

/**
 * When an order nobody answers is rejected automatically: `autoRejectMinutes` after it was
 * placed, or for a pre-order half an hour before its time, whichever is later. The desk sweeper
 * applies the same rule in SQL (apps/server/src/modules/desk/desk-sweeper.ts); the desk counts
 * down to it.
 */
export function answerDeadline(
  order: Pick<DeskOrder, 'status_history' | 'created_at' | 'scheduled_for'>,
  autoRejectMinutes = DEFAULT_AUTO_REJECT_MINUTES,
): Date {
  const afterPlacing = placedAt(order).getTime() + autoRejectMinutes * MINUTE;
  const beforeDue = new Date(order.scheduled_for).getTime() - ANSWER_BEFORE_DUE_MS;
  return new Date(Math.max(afterPlacing, beforeDue));
}

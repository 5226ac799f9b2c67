/**
 * An order's statuses (architecture.md "The restaurant side"), without zod: the staff desk reads
 * them and the moves of desk-moves.ts on its first paint. order.ts re-exports them.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'placed',
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
  'cancelled',
  'rejected',
  'payment_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

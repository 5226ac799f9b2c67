/**
 * What a live event says happened: the `event:` and `kind` of each Server-Sent Events frame of
 * `GET /api/admin/events` and `GET /api/orders/{id}/events` (docs/architecture.md "Live").
 * A frame names what changed, never how: a board or an order page refetches on it.
 */
export const LIVE_EVENT_KINDS = [
  // An order reached the shop (cash at once, a card once it is held or paid).
  'order.created',
  // The desk or the sweeper moved an order (accepted, delayed, ready, rejected, cancelled...).
  'order.status',
  // The order's payment changed state (held, paid, declined, charged, released, refunded, the
  // hold lapsed): desk settlement, its retries, the provider's webhooks and checks.
  'order.payment',
  'booking.created',
  'booking.status',
  // A booked party's date, time or size changed in the diary.
  'booking.changed',
  'closeout.changed',
  // Service controls (issue 15).
  'availability.changed',
  'menu.changed',
  'store.changed',
  'shop.changed',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * The kinds about one order: the only ones its customer's order page is sent, and only for
 * their own order.
 */
export const ORDER_EVENT_KINDS = ['order.created', 'order.status', 'order.payment'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export function isOrderEventKind(kind: string): kind is OrderEventKind {
  return (ORDER_EVENT_KINDS as readonly string[]).includes(kind);
}

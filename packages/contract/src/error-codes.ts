/**
 * Why the server refused: every code an `AppError` carries (apps/server/src/lib/app-error.ts),
 * each with the one HTTP status it answers. The code stays on the server (the error envelope's
 * keys are product.md's: `status`, `message`, `data`, `errors`); the status is on the wire, so a
 * client tells a refusal by the status its code answers (`ERROR_STATUS.stale`, not 409), and
 * codes that share a status by what else the answer carries.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  control_character: 400,
  invalid: 400,
  too_deep: 400,
  unauthorized: 401,
  cross_origin: 403,
  forbidden: 403,
  other_stores: 403,
  not_found: 404,
  already_cancelled: 409,
  /** Auto-print's claim on the first print, when another desk printed first. */
  already_printed: 409,
  booking_moved: 409,
  /** A category named as another on the same menu already is (any letter case). */
  category_exists: 409,
  /** A category asked to be deleted while it still holds dishes (decision 89). */
  category_not_empty: 409,
  booking_past: 409,
  idempotency_conflict: 409,
  idempotency_in_flight: 409,
  last_owner: 409,
  line_refunded: 409,
  nothing_paid: 409,
  /** A walk-in seated as it was added, or a move already undone (decision 67). */
  nothing_to_undo: 409,
  order_moved: 409,
  refund_exceeds: 409,
  slot_full: 409,
  staff_exists: 409,
  /** An edit made to an older version: the answer's `data.current` is the thing as it is now. */
  stale: 409,
  bookings_off: 422,
  /** A table booked while the shop, or its diary's store, is closed until further notice. */
  shop_closed: 422,
  card_expired: 422,
  cards_not_set_up: 422,
  invalid_amount: 422,
  invalid_lines: 422,
  not_the_booking_day: 422,
  /** A booking change that leaves everything as it was. */
  nothing_to_change: 422,
  outside_delivery_area: 422,
  payment_declined: 422,
  rule: 422,
  /** A booking moved to a time today that has gone by (walk 2, item 6). */
  time_passed: 422,
  too_early_for_no_show: 422,
  too_many_addresses: 422,
  undo_window_passed: 422,
  precondition_required: 428,
  version_required: 428,
  rate_limited: 429,
  shop_budget: 429,
  texts_paused: 429,
  too_many_streams: 429,
  refund_failed: 502,
  limits_unavailable: 503,
  provider_unavailable: 503,
  texts_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** Whether a failed call's status (RTK Query's `error.status`) is the one `code` answers. */
export function refusedWith(error: unknown, code: ErrorCode): boolean {
  return (error as { status?: unknown } | null | undefined)?.status === ERROR_STATUS[code];
}

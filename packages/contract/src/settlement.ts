import type { PaymentStatus } from './order.ts';

// No zod here (only types from order.ts): the customer's order page and the desk read these on
// their first screen, whose JavaScript has a budget (docs/decisions/0048).

/** A card payment the shop can count on: held for the order, or taken. */
export const SECURED_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'authorised',
  'capture_pending',
  'succeeded',
];
export const isPaymentSecured = (status: PaymentStatus) =>
  SECURED_PAYMENT_STATUSES.includes(status);

/**
 * What a customer whose card went through is told: only held (`authorised`, charged when the
 * shop accepts), or charged (an order due more than 5 days ahead is charged at once).
 */
export const cardPaidMessage = (status: PaymentStatus) =>
  status === 'authorised'
    ? 'Your card is held until the shop accepts your order. Thank you!'
    : 'Payment received. Thank you!';

/**
 * A card payment the shop's decision set moving that the provider has yet to finish: a charge, a
 * release or a refund (the desk's settlement and its sweeper finish it, docs/architecture.md).
 */
export const SETTLING_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'capture_pending',
  'release_pending',
  'refund_pending',
];

import type { PaymentStatus } from './order.ts';

/**
 * A card payment the shop's decision set moving that the provider has yet to finish: a charge, a
 * release or a refund (the desk's settlement and its sweeper finish it, docs/architecture.md).
 */
export const SETTLING_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'capture_pending',
  'release_pending',
  'refund_pending',
];

import type { OrderStatus } from '@servery/contract/order';

/**
 * Decision 82: held news is sent only while the order still stands where it says (a "ready"
 * text after the order was collected is false and costs the shop), by the message's kind (the
 * desk's `newsKind`).
 */
export const NEWS_TRUE_WHILE: Readonly<Record<string, OrderStatus>> = {
  order_ready: 'ready',
  order_out_for_delivery: 'out_for_delivery',
};

/** Decision 82: news of an order not sent within this is dropped as stale, never sent late. */
export const ORDER_NEWS_WORTH_MS = 2 * 60 * 60 * 1000;

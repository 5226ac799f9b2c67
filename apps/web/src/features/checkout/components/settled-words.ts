import { isPaymentSecured, type Order } from '@servery/contract/order';

/**
 * What /payment says of an order that needs no card payment now. A card only held is not
 * "paid": the shop charges it when it accepts (DESIGN.md: money follows the decision), and a
 * refused order is never charged; the order page says the same (order-page.tsx).
 */
export function settledWords(order: Pick<Order, 'number' | 'payment'>): string {
  const { status, method } = order.payment;
  if (status === 'authorised') {
    return `Order ${order.number} is placed: your card is held, and charged only when the shop accepts the order.`;
  }
  if (isPaymentSecured(status)) return `Order ${order.number} is paid.`;
  if (method === 'cash') return `Order ${order.number} is paid in cash, not by card.`;
  return `Order ${order.number} can no longer be paid.`;
}

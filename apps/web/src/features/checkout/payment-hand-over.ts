import type { OrderCreated } from '@servery/contract/order';

/** What the payment page needs once an order is placed: it reads it from the history entry. */
export interface PaymentHandOver {
  payment: OrderCreated['payment'];
  price_changes: OrderCreated['price_changes'];
}

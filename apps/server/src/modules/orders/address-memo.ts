import type { OrderAddress } from '@servery/contract/order';
import type { Owner } from './orders.repository.ts';

/**
 * The delivery addresses recently ordered to, as they were read: a hint that saves reading the
 * address again on the customer's next order. Never trusted on its own: the order's insert
 * writes only if the customer's address still reads exactly so (insertOrderWithPayment), and a
 * miss reads it afresh. Bounded: the oldest entry goes first.
 */
export class AddressMemo {
  private readonly entries = new Map<string, OrderAddress>();

  constructor(private readonly limit = 10_000) {}

  private static key(owner: Owner, id: string) {
    return `${owner.tenantId}:${owner.customerId}:${id}`;
  }

  get(owner: Owner, id: string): OrderAddress | undefined {
    return this.entries.get(AddressMemo.key(owner, id));
  }

  set(owner: Owner, id: string, address: OrderAddress): void {
    const key = AddressMemo.key(owner, id);
    this.entries.delete(key);
    if (this.entries.size >= this.limit) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, address);
  }

  forget(owner: Owner, id: string): void {
    this.entries.delete(AddressMemo.key(owner, id));
  }
}

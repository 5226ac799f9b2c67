import { randomBytes, randomUUID } from 'node:crypto';
import type { OrderStatus, PaymentStatus } from '@servery/contract/order';
import type { Database } from '../src/db/client.ts';
import { insertCustomer } from '../src/modules/customers/customers.repository.ts';
import { insertOrderWithPayment } from '../src/modules/orders/orders.repository.ts';

/**
 * An order as the shop's desk sees one, written straight to the tables (for tests about what
 * happens after an order is placed: the desk, its rules and its answers). Placing orders
 * through the API has its own tests in modules/orders.
 */
export async function insertTestOrder(
  db: Database,
  where: { tenantId: string; storeId: string; storeName?: string },
  options: {
    status?: OrderStatus;
    orderType?: 'delivery' | 'collection';
    payment?: 'cash' | 'card';
    /** A card payment through Stripe, with this PaymentIntent. */
    stripeIntent?: string;
    /** The shop's connected account the intent lives on (Stripe Connect). */
    stripeAccount?: string;
    /** A card's state: by default held while the order waits, and charged once accepted. */
    paymentStatus?: PaymentStatus;
    customerEmail?: string | null;
    scheduledFor?: Date;
    id?: string;
    /** When it was placed (a test on a fixed clock passes its `now()`); the wall clock else. */
    at?: Date;
  } = {},
) {
  const at = options.at ?? new Date();
  const customer = await insertCustomer(db, {
    tenantId: where.tenantId,
    firstName: 'Amira',
    lastName: 'Okafor',
    email:
      options.customerEmail === undefined
        ? `amira-${randomUUID()}@example.com`
        : options.customerEmail,
    emailVerified: true,
    phone: '+447700900555',
    referralCode: randomBytes(4).toString('hex').toUpperCase(),
    createdAt: at,
    updatedAt: at,
  });
  const status = options.status ?? 'placed';
  const orderType = options.orderType ?? 'collection';
  const cash = (options.payment ?? 'cash') === 'cash';
  const id = options.id ?? randomUUID();
  const number = await insertOrderWithPayment(
    db,
    {
      id,
      tenantId: where.tenantId,
      customerId: customer.id,
      storeId: where.storeId,
      storeName: where.storeName ?? 'Main Store',
      storePhone: '020 7946 0001',
      orderType,
      address:
        orderType === 'delivery'
          ? {
              address_line1: '12 Fournier Street',
              address_line2: '',
              city: 'London',
              postcode: 'E1 6QE',
              instructions: 'Ring twice',
            }
          : null,
      asap: true,
      scheduledFor: options.scheduledFor ?? new Date(at.getTime() + 20 * 60_000),
      lines: [
        {
          item_id: randomUUID(),
          name: 'Chicken tikka masala',
          quantity: 2,
          unit_price: 1095,
          line_total: 2190,
          modifiers: [],
          modifier_names: ['Hot'],
          note: 'No coriander',
          vat_rate: 20,
        },
      ],
      subtotal: 2190,
      deliveryFee: 0,
      discount: 0,
      total: 2190,
      vat: 365,
      currency: 'GBP',
      promoId: null,
      promoCode: null,
      notes: 'Extra napkins',
      status,
      statusHistory: [{ status, at: at.toISOString() }],
      createdAt: at,
      updatedAt: at,
    },
    {
      method: cash ? 'cash' : 'card',
      provider: cash ? 'cash' : options.stripeIntent ? 'stripe' : 'demo',
      status: cash
        ? 'pay_on_collection'
        : (options.paymentStatus ?? (status === 'placed' ? 'authorised' : 'succeeded')),
      amount: 2190,
      currency: 'GBP',
      intentId: options.stripeIntent ?? null,
      clientSecret: null,
      stripeAccount: options.stripeAccount ?? null,
    },
  );
  return {
    id,
    number,
    customerId: customer.id,
    customerEmail: customer.email,
    customerPhone: customer.phone,
  };
}

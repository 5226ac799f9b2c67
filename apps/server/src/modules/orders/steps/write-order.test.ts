import { describe, expect, it } from 'vitest';
import { orderCreated, orderRows, type OrderPlan, type OrderPayer } from './write-order.ts';
import { testTenant, storeRow } from './fixtures.test-support.ts';

const at = new Date('2026-11-17T19:00:00Z');
const owner = { tenantId: 'tenant-1', customerId: 'customer-1' };
const plan: OrderPlan = {
  store: storeRow(),
  address: null,
  lines: [],
  scheduledFor: new Date('2026-11-17T19:20:00Z'),
  priceChanges: [],
  totals: { subtotal: 2000, delivery_fee: 0, discount: 200, total: 1800, vat: 300 },
};
const body = {
  order_type: 'collection' as const,
  when: 'asap' as const,
  notes: 'No onions',
  payment_method: 'card' as const,
};
const demo: OrderPayer = { provider: 'demo', intent: null, account: null, publishableKey: null };
const rows = (payer: OrderPayer, more = {}) =>
  orderRows(
    {
      id: 'order-1',
      owner,
      tenant: testTenant(),
      plan,
      body: { ...body, ...more },
      promo: null,
      payer,
    },
    at,
  );

describe('order step 5: the rows written', () => {
  it('a card order awaits its payment; the payment asks for the total', () => {
    const { order, payment } = rows(demo);
    expect(order).toMatchObject({
      id: 'order-1',
      tenantId: 'tenant-1',
      customerId: 'customer-1',
      storeId: 'store-1',
      storeName: 'Tandoor Lane Shoreditch',
      asap: true,
      total: 1800,
      discount: 200,
      currency: 'GBP',
      status: 'pending_payment',
      statusHistory: [{ status: 'pending_payment', at: '2026-11-17T19:00:00.000Z' }],
      notes: 'No onions',
    });
    expect(payment).toEqual({
      method: 'card',
      provider: 'demo',
      status: 'requires_payment',
      amount: 1800,
      currency: 'GBP',
      intentId: null,
      clientSecret: null,
      stripeAccount: null,
    });
  });

  it('a cash order is placed at once, paid at the door or the counter', () => {
    const cash: OrderPayer = { ...demo, provider: 'cash' };
    const collected = rows(cash, { payment_method: 'cash' });
    expect(collected.order.status).toBe('placed');
    expect(collected.payment.status).toBe('pay_on_collection');
    const delivered = rows(cash, { payment_method: 'cash', order_type: 'delivery' });
    expect(delivered.payment.status).toBe('pay_on_delivery');
  });

  it("a Stripe order carries its intent, on the shop's account, and the browser gets its keys", () => {
    const stripe: OrderPayer = {
      provider: 'stripe',
      intent: {
        intentId: 'pi_1',
        clientSecret: 'pi_1_secret',
        status: 'requires_payment',
        failureMessage: null,
      },
      account: 'acct_1',
      publishableKey: 'pk_test_1',
    };
    const { order, payment } = rows(stripe);
    expect(payment).toMatchObject({ intentId: 'pi_1', clientSecret: 'pi_1_secret' });
    expect(payment.stripeAccount).toBe('acct_1');
    const created = orderCreated(
      testTenant(),
      {
        ...order,
        number: 7,
        promisedAt: null,
        unwatchedAlertAt: null,
        vatBands: null,
        offDeskAt: null,
      },
      payment,
      stripe,
      [],
    );
    expect(created.payment).toEqual({
      provider: 'stripe',
      status: 'requires_payment',
      client_secret: 'pi_1_secret',
      publishable_key: 'pk_test_1',
      stripe_account: 'acct_1',
    });
    expect(created.order.number).toBe(7);
  });
});

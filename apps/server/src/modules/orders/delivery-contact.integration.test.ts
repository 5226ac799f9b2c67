import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_CONTACT_MESSAGES,
  DELIVERY_CONTACT_MESSAGES,
} from '@servery/contract/delivery-contact';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import { orders } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signIn, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London: the main store is open and delivers to E1.
const clock = testClock('2026-11-17T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
});
afterAll(() => ctx.close());

/**
 * A shop of the test's own and a customer signed in by e-mail, whose profile has no name and no
 * phone yet, with a saved address in the delivery zone: the delivery order they would place.
 */
async function newCustomer() {
  const shop = await importTestTenant(ctx.db, makeCatalogueDocument());
  const host = shop.hosts[0]!.host;
  const tenant = await ctx.db.query.tenants.findFirst({
    where: (t, { eq }) => eq(t.slug, shop.slug),
  });
  const { token } = await signIn(ctx.app, ctx.db, host, { email: 'cy@example.com' });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const stores = (await call('GET', '/api/store')).json().data as StoreSummary[];
  const store = stores.find((s) => s.slug === 'main')!;
  const menu = (await call('GET', `/api/menu/${store.id}`)).json().data as StoreMenu;
  const curry = menu.categories
    .flatMap((c) => c.items)
    .find((i) => i.name === 'Chicken tikka masala')!;
  const address = await call('POST', '/api/customer-addresses', {
    address_line1: '12 Fournier Street',
    city: 'London',
    postcode: 'E1 6AN',
  });
  const order = {
    store_id: store.id,
    order_type: 'delivery',
    address_id: address.json().data.id,
    when: 'asap',
    lines: [
      { item_id: curry.id, quantity: 2, modifiers: [{ group_id: 'spice', option_ids: ['hot'] }] },
    ],
    payment_method: 'cash',
  };
  const ordersSaved = async () =>
    (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.tenantId, tenant!.id)))[0]!.n;
  return { call, order, ordersSaved };
}

describe('a delivery order names someone to hand it to', () => {
  it('is refused (422) while the profile lacks a name or a phone, each named on its field', async () => {
    const { call, order, ordersSaved } = await newCustomer();
    const refused = await call('POST', '/api/order', order);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 422,
      message: DELIVERY_CONTACT_MESSAGES.refused,
      data: null,
      errors: {
        first_name: DELIVERY_CONTACT_MESSAGES.first_name,
        phone: DELIVERY_CONTACT_MESSAGES.phone,
      },
    });

    expect((await call('POST', '/api/customer', { first_name: 'Cy' })).statusCode).toBe(200);
    const noPhone = await call('POST', '/api/order', order);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toEqual({ phone: DELIVERY_CONTACT_MESSAGES.phone });
    expect(await ordersSaved()).toBe(0);
  });

  it('is placed once the profile has both', async () => {
    const { call, order, ordersSaved } = await newCustomer();
    const profile = { first_name: 'Cy', phone: '07700900321' };
    expect((await call('POST', '/api/customer', profile)).statusCode).toBe(200);
    const placed = await call('POST', '/api/order', order);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.order.address.postcode).toBe('E1 6AN');
    expect(await ordersSaved()).toBe(1);
  });
});

describe('a collection order names someone too (issue 30)', () => {
  it('is refused while the profile lacks a phone, and placed once it has one', async () => {
    const { call, order, ordersSaved } = await newCustomer();
    const collection = { ...order, order_type: 'collection', address_id: undefined };
    expect((await call('POST', '/api/customer', { first_name: 'Cy' })).statusCode).toBe(200);
    const refused = await call('POST', '/api/order', collection);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: COLLECTION_CONTACT_MESSAGES.refused,
      errors: { phone: COLLECTION_CONTACT_MESSAGES.phone },
    });
    expect(await ordersSaved()).toBe(0);
    const profile = { first_name: 'Cy', phone: '07700900321' };
    expect((await call('POST', '/api/customer', profile)).statusCode).toBe(200);
    expect((await call('POST', '/api/order', collection)).statusCode).toBe(200);
    expect(await ordersSaved()).toBe(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerAddresses,
  customerSessions,
  customers,
  newsletterSubscriptions,
  orders,
  otpChallenges,
} from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { freshIp, post, signIn } from '../../../test/sign-in.ts';
import { useTwoShops } from '../../../test/two-shops.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';

// Issue 17, point 6: a customer's copy of their data, and deleting their account.
const shops = useTwoShops();
const { shopA: shop, shopB: otherShop } = shops;
const host = shops.hostOf(shop);
const otherHost = shops.hostOf(otherShop);
let where: { tenantId: string; storeId: string };
let otherWhere: { tenantId: string; storeId: string };

beforeAll(async () => {
  for (const [doc, set] of [
    [shop, (w: typeof where) => (where = w)],
    [otherShop, (w: typeof where) => (otherWhere = w)],
  ] as const) {
    const tenant = (await findTenantBySlug(shops.ctx.db, doc.slug))!;
    const [store] = await storesOfTenant(shops.ctx.db, tenant.id);
    set({ tenantId: tenant.id, storeId: store!.id });
  }
});

const call = (method: 'GET' | 'DELETE' | 'POST', url: string, token: string, payload?: object) =>
  shops.ctx.app.inject({
    method,
    url,
    headers: { host, authorization: `Bearer ${token}` },
    remoteAddress: freshIp(),
    ...(payload ? { payload } : {}),
  });

/** A customer with a delivery order, an address, a booking and a newsletter subscription. */
async function customerWithHistory(name: string) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const order = await insertTestOrder(shops.ctx.db, where, {
    customerEmail: email,
    orderType: 'delivery',
  });
  const user = await signIn(shops.ctx.app, shops.ctx.db, host, { email });
  expect(user.customer.id).toBe(order.customerId);
  const address = await call('POST', '/api/customer-addresses', user.token, {
    label: 'Home',
    address_line1: '1 Brick Lane',
    city: 'London',
    postcode: 'E1 6PU',
  });
  expect(address.statusCode).toBe(201);
  await insertTestBooking(shops.ctx.db, where.tenantId, { date: '2099-01-02', email });
  await post(shops.ctx.app, host, '/api/subscribe', { email });
  return { email, token: user.token, customerId: order.customerId, orderId: order.id };
}

describe('GET /api/customer/export', () => {
  it('gives the customer everything the shop keeps about them, and nothing of anyone else', async () => {
    const me = await customerWithHistory('me');
    const other = await customerWithHistory('other');
    // The same address at another shop is another customer of another shop.
    await insertTestOrder(shops.ctx.db, otherWhere, { customerEmail: me.email });
    await insertTestBooking(shops.ctx.db, otherWhere.tenantId, {
      date: '2099-01-03',
      email: me.email,
    });

    const res = await call('GET', '/api/customer/export', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.shop).toBe(shop.slug);
    expect(data.profile).toMatchObject({ id: me.customerId, first_name: 'Amira' });
    expect(data.sign_in_contacts).toEqual({
      email: me.email,
      email_verified: true,
      phone: '+447700900555',
      phone_verified: false,
    });
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data.sessions)).not.toMatch(/hash|token/);
    expect(data.marketing.newsletter.subscribed).toBe(true);
    expect(data.addresses.map((a: { address_line1: string }) => a.address_line1)).toEqual([
      '1 Brick Lane',
    ]);
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([me.orderId]);
    expect(data.orders[0].lines[0]).toMatchObject({ name: 'Chicken tikka masala' });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ email: me.email, date: '2099-01-02' });
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.orderId);
    expect(text).not.toContain('2099-01-03');
  });

  it('copies the bookings made with the phone number the customer signed in with', async () => {
    const { token } = await signIn(shops.ctx.app, shops.ctx.db, host, { phone: '07700 900777' });
    await insertTestBooking(shops.ctx.db, where.tenantId, {
      date: '2099-01-04',
      phone: '07700900777',
    });
    await insertTestBooking(shops.ctx.db, otherWhere.tenantId, {
      date: '2099-01-05',
      phone: '07700900777',
    });
    const data = (await call('GET', '/api/customer/export', token)).json().data;
    expect(data.bookings.map((b: { date: string }) => b.date)).toEqual(['2099-01-04']);
  });

  it('answers 401 without a token', async () => {
    const res = await shops.ctx.app.inject({
      method: 'GET',
      url: '/api/customer/export',
      headers: { host },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/customer', () => {
  it('deletes the account, keeps the orders without personal data, and ends the token', async () => {
    const me = await customerWithHistory('leaver');
    const other = await customerWithHistory('stayer');

    const res = await call('DELETE', '/api/customer', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: 'Your account has been deleted.',
      data: null,
    });

    for (const url of ['/api/customer', '/api/customer/export', '/api/orders']) {
      expect((await call('GET', url, me.token)).statusCode, url).toBe(401);
    }
    // Again: nothing left to do, and the token no longer names anyone.
    expect((await call('DELETE', '/api/customer', me.token)).statusCode).toBe(401);

    const [row] = await shops.ctx.db
      .select()
      .from(customers)
      .where(eq(customers.id, me.customerId));
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      phone: null,
      emailVerified: false,
      marketingConsent: false,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const [order] = await shops.ctx.db.select().from(orders).where(eq(orders.id, me.orderId));
    expect(order!.total).toBe(2190);
    expect(order!.notes).toBe('');
    expect(order!.address).toEqual({
      address_line1: '',
      address_line2: '',
      city: '',
      postcode: '',
      instructions: '',
    });
    expect(order!.lines[0]).toMatchObject({ name: 'Chicken tikka masala', note: '' });
    const mine = (table: typeof customerAddresses | typeof customerSessions) =>
      shops.ctx.db.select().from(table).where(eq(table.customerId, me.customerId));
    expect(await mine(customerAddresses)).toEqual([]);
    expect(await mine(customerSessions)).toEqual([]);
    expect(
      await shops.ctx.db.select().from(otpChallenges).where(eq(otpChallenges.contact, me.email)),
    ).toEqual([]);
    expect(
      await shops.ctx.db
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.tenantId, where.tenantId),
            eq(newsletterSubscriptions.email, me.email),
          ),
        ),
    ).toEqual([]);

    // The other customer is untouched.
    const theirs = await call('GET', '/api/customer/export', other.token);
    expect(theirs.statusCode).toBe(200);
    const data = theirs.json().data;
    expect(data.sign_in_contacts.email).toBe(other.email);
    expect(data.addresses).toHaveLength(1);
    expect(data.orders[0].notes).toBe('Extra napkins');
    expect(data.orders[0].address.address_line1).toBe('12 Fournier Street');

    // Signing in again with the same address makes a new, empty account.
    const again = await signIn(shops.ctx.app, shops.ctx.db, host, { email: me.email });
    expect(again.customer.id).not.toBe(me.customerId);
    const fresh = (await call('GET', '/api/customer/export', again.token)).json().data;
    expect(fresh.orders).toEqual([]);
    expect(fresh.addresses).toEqual([]);
  });

  it('leaves the same person’s account at another shop alone', async () => {
    const email = `two-shops-${Date.now()}@example.com`;
    await insertTestOrder(shops.ctx.db, where, { customerEmail: email });
    await insertTestOrder(shops.ctx.db, otherWhere, { customerEmail: email });
    const here = await signIn(shops.ctx.app, shops.ctx.db, host, { email });
    const there = await signIn(shops.ctx.app, shops.ctx.db, otherHost, { email });
    expect((await call('DELETE', '/api/customer', here.token)).statusCode).toBe(200);
    const res = await shops.ctx.app.inject({
      method: 'GET',
      url: '/api/customer/export',
      headers: { host: otherHost, authorization: `Bearer ${there.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.orders).toHaveLength(1);
    expect(res.json().data.sign_in_contacts.email).toBe(email);
  });
});

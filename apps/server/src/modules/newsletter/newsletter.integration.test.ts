import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, tenants } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A shop of the test's own: its list holds only what that test subscribed. */
const openShop = async () => {
  const doc = await importTestTenant(ctx.db, makeTenantDocument());
  return { slug: doc.slug, host: doc.hosts[0]!.host };
};

// Every test but the rate-limit ones sends from an address of its own, so the limit of five
// per IP never decides what a test about something else sees.
let lastOctet = 0;
const freshIp = () => `198.51.100.${++lastOctet}`;

const subscribe = (host: string, payload: object, remoteAddress = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    headers: { host },
    payload,
    remoteAddress,
  });

const listOf = async (slug: string) =>
  (
    await ctx.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .innerJoin(tenants, eq(tenants.id, newsletterSubscriptions.tenantId))
      .where(eq(tenants.slug, slug))
      .orderBy(asc(newsletterSubscriptions.email))
  ).map((row) => row.email);

const thanks = { status: 200, message: 'Thank you for subscribing!', data: null };

describe('POST /api/subscribe', () => {
  it('puts the address on the shop list once, lower-cased, and answers a repeat the same', async () => {
    const { slug, host } = await openShop();
    const first = await subscribe(host, { email: '  Priya.Shah@Example.COM ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(thanks);

    const again = await subscribe(host, { email: 'priya.shah@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(thanks);

    expect(await listOf(slug)).toEqual(['priya.shah@example.com']);
  });

  it('keeps each shop list apart: the same address at another shop is another entry', async () => {
    const [shopA, shopB] = [await openShop(), await openShop()];
    await subscribe(shopA.host, { email: 'tom@example.com' });
    const res = await subscribe(shopB.host, { email: 'Tom@example.com' });
    expect(res.json()).toEqual(thanks);
    expect(await listOf(shopA.slug)).toEqual(['tom@example.com']);
    expect(await listOf(shopB.slug)).toEqual(['tom@example.com']);
  });

  it('answers bad bodies field by field and stores nothing', async () => {
    const { slug, host } = await openShop();
    const cases: [object, string][] = [
      [{}, 'Email is required'],
      [{ email: '   ' }, 'Email is required'],
      [{ email: 42 }, 'Enter a valid email'],
      [{ email: 'not-an-address' }, 'Enter a valid email'],
      [{ email: 'two@at@example.com' }, 'Enter a valid email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'Enter a valid email'],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(host, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: `Check the request body: email: ${message}`,
        data: null,
        errors: { email: message },
      });
    }
    expect(await listOf(slug)).toEqual([]);
  });
});

describe('the subscription limit', () => {
  it('answers the sixth subscription from one IP within ten minutes with a 429 and Retry-After', async () => {
    const { slug, host } = await openShop();
    const ip = '203.0.113.7';
    for (let n = 1; n <= 5; n++) {
      const res = await subscribe(host, { email: `limit-${n}@example.com` }, ip);
      expect(res.statusCode, `request ${n}`).toBe(200);
    }
    const sixth = await subscribe(host, { email: 'limit-6@example.com' }, ip);
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(sixth.json()).toEqual({
      status: 429,
      message: `Too many requests. Please try again in ${retryAfter} seconds.`,
      data: null,
    });
    expect(await listOf(slug)).toEqual([1, 2, 3, 4, 5].map((n) => `limit-${n}@example.com`));
  });

  it('counts each IP and each shop on its own', async () => {
    const [shopA, shopB] = [await openShop(), await openShop()];
    const ip = '203.0.113.8';
    for (let n = 1; n <= 6; n++) {
      await subscribe(shopA.host, { email: `busy-${n}@example.com` }, ip);
    }
    const seventh = await subscribe(shopA.host, { email: 'busy-7@example.com' }, ip);
    expect(seventh.statusCode).toBe(429);

    const otherIp = await subscribe(shopA.host, { email: 'neighbour@example.com' }, '203.0.113.9');
    expect(otherIp.statusCode).toBe(200);
    const otherShop = await subscribe(shopB.host, { email: 'busy-8@example.com' }, ip);
    expect(otherShop.statusCode).toBe(200);
    expect(await listOf(shopB.slug)).toEqual(['busy-8@example.com']);
  });
});

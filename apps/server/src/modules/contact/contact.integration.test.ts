import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, tenants } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shopA = makeTenantDocument();
const hostA = shopA.hosts[0]!.host;

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shopA);
});
afterAll(() => ctx.close());

/** A shop of the test's own, so what it finds stored is only what the test sent. */
const newShop = async () => {
  const doc = await importTestTenant(ctx.db, makeTenantDocument());
  return { slug: doc.slug, host: doc.hosts[0]!.host };
};

// Every test but the rate-limit one sends from an address of its own (five per IP an hour).
let lastOctet = 0;
const freshIp = () => `198.51.100.${++lastOctet}`;

const sendContact = (host: string, payload: object, remoteAddress = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { host },
    payload,
    remoteAddress,
  });

const requestsOf = (slug: string) =>
  ctx.db
    .select({
      name: contactRequests.name,
      email: contactRequests.email,
      phone: contactRequests.phone,
      message: contactRequests.message,
    })
    .from(contactRequests)
    .innerJoin(tenants, eq(tenants.id, contactRequests.tenantId))
    .where(eq(tenants.slug, slug));

const valid = {
  name: 'Amira Okafor',
  email: 'amira@example.com',
  phone: '+44 (0)20 7946-0123',
  message: 'Do you cater for a party of 40 on a Saturday?',
};

describe('POST /api/contact', () => {
  it('stores the request for the shop of the host it was sent to, and thanks the visitor', async () => {
    const shop = await newShop();
    const other = await newShop();
    const res = await sendContact(shop.host, {
      ...valid,
      name: '  Amira Okafor ',
      email: ' Amira@Example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: 'Thank you, we will be in touch soon.',
      data: null,
    });
    expect(await requestsOf(shop.slug)).toEqual([valid]);
    expect(await requestsOf(other.slug)).toEqual([]);
  });

  it('takes the phone number as optional: left out or left empty, none is stored', async () => {
    const { slug, host } = await newShop();
    const { phone: _phone, ...withoutPhone } = valid;
    expect((await sendContact(host, withoutPhone)).statusCode).toBe(200);
    expect((await sendContact(host, { ...valid, phone: '' })).statusCode).toBe(200);
    expect((await requestsOf(slug)).map((row) => row.phone)).toEqual([null, null]);
  });

  it('answers every missing field with its own message', async () => {
    const res = await sendContact(hostA, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('answers each bad field with its message and stores nothing', async () => {
    const before = await requestsOf(shopA.slug);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 7 }, 'name', 'Name must be text'],
      [{ name: 'n'.repeat(101) }, 'name', 'Name should be less than 100 characters'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'amira@' }, 'email', 'Enter a valid email'],
      [{ phone: '12345' }, 'phone', 'Enter a valid phone number'],
      [{ phone: '020 7946 0123 ext 4' }, 'phone', 'Enter a valid phone number'],
      [{ phone: '0'.repeat(21) }, 'phone', 'Enter a valid phone number'],
      [{ phone: 2079460123 }, 'phone', 'Enter a valid phone number'],
      [{ message: '' }, 'message', 'Message is required'],
      [{ message: 'm'.repeat(2001) }, 'message', 'Message should be less than 2000 characters'],
    ];
    for (const [change, field, message] of cases) {
      const res = await sendContact(hostA, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: `Check the request body: ${field}: ${message}`,
        data: null,
        errors: { [field]: message },
      });
    }
    expect(await requestsOf(shopA.slug)).toEqual(before);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    const res = await sendContact(hostA, { ...valid, message: 'm'.repeat(2000) });
    expect(res.statusCode).toBe(200);
  });
});

describe('the contact limit', () => {
  it('answers the sixth request from one IP within an hour with a 429 and Retry-After', async () => {
    const { slug, host } = await newShop();
    const ip = '203.0.113.20';
    for (let n = 1; n <= 5; n++) {
      const res = await sendContact(host, { ...valid, message: `Question ${n}` }, ip);
      expect(res.statusCode, `request ${n}`).toBe(200);
    }
    const sixth = await sendContact(host, { ...valid, message: 'Question 6' }, ip);
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3590);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(sixth.json()).toEqual({
      status: 429,
      message: `Too many requests. Please try again in ${retryAfter} seconds.`,
      data: null,
    });
    const messages = (await requestsOf(slug)).map((row) => row.message);
    expect(messages).not.toContain('Question 6');
    expect((await sendContact(host, valid, '203.0.113.21')).statusCode).toBe(200);
  });
});

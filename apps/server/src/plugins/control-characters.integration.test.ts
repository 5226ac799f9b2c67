import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  contactRequests,
  customerAddresses,
  newsletterSubscriptions,
} from '../db/schema.ts';
import { logSafeError } from '../lib/log-safe-error.ts';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { freshIp, signIn } from '../../test/sign-in.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 12, point 4: a NUL (or another control character) in any saved text.
const shop = makeTenantDocument({
  booking: {
    hours: { tuesday: [{ opens: '12:00', closes: '22:00' }] },
    coversPerSlot: 20,
    daysAllowed: 60,
    whatsappShare: false,
    whatsappNumber: '',
  },
});
const host = shop.hosts[0]!.host;
const logLines: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({ logger: { level: 'info', stream } });
  await importTestTenant(ctx.db, shop);
  token = (await signIn(ctx.app, ctx.db, host, { email: 'amira.okafor@example.com' })).token;
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, auth = false) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    payload,
    remoteAddress: freshIp(),
  });

const NUL = '\u0000';
const writePaths: [string, () => ReturnType<typeof send>, string][] = [
  [
    'profile',
    () => send('POST', '/api/customer', { first_name: `Amira${NUL}` }, true),
    'first_name',
  ],
  [
    'new address',
    () =>
      send(
        'POST',
        '/api/customer-addresses',
        { address_line1: `1 High St${NUL}`, city: 'London', postcode: 'E1 6AN' },
        true,
      ),
    'address_line1',
  ],
  [
    'contact form',
    () =>
      send('POST', '/api/contact', {
        name: 'Amira Okafor',
        email: 'amira.okafor@example.com',
        message: `Hello${NUL}`,
      }),
    'message',
  ],
  [
    'booking',
    () =>
      send('POST', '/api/booking', {
        date: '2026-12-01',
        time: '07:00 PM',
        number_of_people: '2',
        name: `Amira${'\u001b'}[31m`,
        email: 'amira.okafor@example.com',
        phone: '07700900123',
        message: '',
      }),
    'name',
  ],
  ['newsletter', () => send('POST', '/api/subscribe', { email: `a${NUL}@example.com` }), 'email'],
  [
    'order notes',
    () =>
      send(
        'POST',
        '/api/order',
        { store_id: '00000000-0000-4000-8000-000000000000', notes: `Ring twice${NUL}` },
        true,
      ),
    'notes',
  ],
];

describe('control characters in saved text', () => {
  it.each(writePaths)('%s: a field-level 400, nothing saved', async (_, call, field) => {
    const res = await call();
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(
      'Remove the control character (such as NUL) from this text.',
    );
  });

  it('saved nothing on any of those paths, and logged no personal data', async () => {
    const rows = async () =>
      Promise.all(
        [contactRequests, customerAddresses, newsletterSubscriptions, bookings].map(
          async (table) => (await ctx.db.select().from(table)).length,
        ),
      );
    const before = await rows();
    for (const [, call] of writePaths) expect((await call()).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    const log = logLines.join('');
    expect(log).not.toContain('amira.okafor');
    expect(log).not.toContain('07700900123');
    expect(log).not.toContain('Ring twice');
    expect(log).not.toContain('unhandled error');
  });

  it('keeps line breaks and tabs, which a message may have', async () => {
    const res = await send('POST', '/api/contact', {
      name: 'Amira Okafor',
      email: 'amira@example.com',
      message: 'Line one\n\tLine two',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('control characters in what a read is asked', () => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host } });

  it.each([
    ['a path parameter', '/api/menu/%00', 'id'],
    ['a declared query string', '/api/reservation/timings?date=2026-12-01%00', 'date'],
  ])('%s: a field-level 400', async (_, url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(
      'Remove the control character (such as NUL) from this text.',
    );
  });

  it('ignores a query string a read does not take, as any other it does not know', async () => {
    const res = await get('/api/home?x=%00');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTypeOf('string');
  });
});

describe('the log of an unexpected error', () => {
  it('names the failed statement and the database code, never the parameters', () => {
    const error = new DrizzleQueryError(
      'insert into "customers" ("email", "phone") values ($1, $2)',
      ['amira@example.com', '+447700900123'],
      Object.assign(new Error('duplicate key'), {
        code: '23505',
        detail: 'Key (email)=(amira@example.com)',
      }),
    );
    const logged = JSON.stringify(logSafeError(error));
    expect(logged).toContain('insert into \\"customers\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('amira@example.com');
    expect(logged).not.toContain('7700900123');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { freshIp, testClock } from '../../test/sign-in.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 12, points 2 and 5: what the Host header and an unknown path can and cannot do.
const clock = testClock('2026-11-17T15:10:00Z');
const everyDay = [{ opens: '12:00', closes: '22:00' }];
const shop = makeTenantDocument({
  booking: {
    hours: { monday: everyDay, tuesday: everyDay, wednesday: everyDay, thursday: everyDay },
    coversPerSlot: 20,
    daysAllowed: 30,
    whatsappShare: false,
    whatsappNumber: '',
  },
});
const host = shop.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  // Unknown hosts fall back to this shop, as DEFAULT_TENANT makes them in production.
  ctx = await createTestApp({ now: clock.now, defaultTenant: shop.slug });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = { host }) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the Host header', () => {
  it.each(['localhost:3970@evil.example', 'shop.test/evil', 'a b.test', 'shop.test:99999999'])(
    'refuses %j with a 400 in the envelope',
    async (bad) => {
      const res = await get('/api/home', { host: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: 'The Host header is not a valid host name.',
        data: null,
      });
    },
  );

  it('never chooses where a link in a message points', async () => {
    const email = `guest-${Date.now()}@example.com`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking',
      // A host nobody configured, which the default shop answers.
      headers: { host: 'evil.example:3970' },
      remoteAddress: freshIp(),
      payload: {
        date: '2026-11-19',
        time: '07:00 PM',
        number_of_people: '2',
        name: 'Priya Shah',
        email,
        phone: '07700900123',
        message: '',
      },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'booking_confirmation')),
      );
    expect(mail!.textBody).toContain(`http://${host}:3970/reservation/cancel/`);
    expect(`${mail!.textBody}${mail!.htmlBody}`).not.toContain('evil.example');
  });
});

describe('paths that need no shop', () => {
  it.each(['/healthzfoo', '/readyz/x', '/healthz/', '/api/docsx'])(
    '%s is not found, not a server error',
    async (path) => {
      expect((await get(path)).statusCode).toBe(404);
      expect(
        (await get(path, { host: 'nobody.example', accept: 'application/json' })).statusCode,
      ).toBe(404);
    },
  );

  it('/healthz and /readyz still answer on any host', async () => {
    expect((await get('/healthz', { host: 'nobody.example' })).statusCode).toBe(200);
    expect((await get('/readyz?probe=1', { host: 'nobody.example' })).statusCode).toBe(200);
  });
});

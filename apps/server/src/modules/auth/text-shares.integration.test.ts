import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, tenants } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { post, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 31, point 5: rotating phone numbers spent a shop's whole hour of sign-in texts, and
// every customer's phone sign-in failed until it passed. The budget of 100 an hour stays; one
// network or one number range gets a tenth of it, and the answer offers e-mail.
const clock = testClock();
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const register = (payload: object, ip: string) => post(ctx.app, host, '/api/register', payload, ip);
const texts = async () =>
  (
    await ctx.db
      .select({ to: outboxMessages.recipient })
      .from(outboxMessages)
      .innerJoin(tenants, eq(tenants.id, outboxMessages.tenantId))
      .where(and(eq(tenants.slug, shop.slug), eq(outboxMessages.channel, 'sms')))
  ).length;
const PAUSED =
  /^Many sign-in texts were sent from your network or to numbers like yours in the last hour\. Sign-in texts are paused for up to \d+ minutes: please use your e-mail address instead, and we will e-mail your code\.$/;

describe('a fair share of the shop’s sign-in texts', () => {
  it('stops one network rotating numbers at a tenth of the budget, not everybody', async () => {
    const sent = await texts();
    // Numbers of ten different ranges (07710…, 07711…), one network.
    for (let i = 0; i < 10; i++) {
      const phone = `077${10 + i}900123`;
      expect((await register({ phone }, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await register({ phone: '07730900123' }, '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(PAUSED);
    expect(refused.json().errors).toEqual({ phone: refused.json().message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // The e-mail it offers works from the same network.
    expect((await register({ email: 'rotating@example.com' }, '203.0.113.51')).statusCode).toBe(
      200,
    );
    // A customer on another network, with a number of another range, still gets a text.
    expect((await register({ phone: '07831234567' }, '192.0.2.8')).statusCode).toBe(200);
    expect(await texts()).toBe(sent + 11);
  });

  it('stops one range of numbers at a tenth of the budget, from any number of networks', async () => {
    const sent = await texts();
    // 07700 90xxxx: ten numbers of one range, each from a network of its own.
    for (let i = 0; i < 10; i++) {
      const phone = `0770090${String(1000 + i)}`;
      expect((await register({ phone }, `198.18.${i}.9`)).statusCode).toBe(200);
    }
    const refused = await register({ phone: '07700905555' }, '198.18.99.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(PAUSED);
    expect((await register({ phone: '07932123456' }, '192.0.2.9')).statusCode).toBe(200);
    expect(await texts()).toBe(sent + 11);

    // An hour on, the range has its share again.
    clock.advance(61 * 60_000);
    expect((await register({ phone: '07700905555' }, '198.18.99.9')).statusCode).toBe(200);
  });
});

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, tenants } from '../../db/schema.ts';
import { everyDayHours, importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, post } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 12, point 1: one attacker rotating numbers or addresses must not run up a shop's bill.
const base = makeTenantDocument();
const shop = makeTenantDocument({
  config: {
    ...base.config,
    messaging: {
      budgets: { smsCodesPerHour: 3, emailCodesPerHour: 50, bookingEmailsPerHour: 2 },
    },
  },
  booking: {
    hours: everyDayHours('12:00', '22:00'),
    coversPerSlot: 50,
    daysAllowed: 30,
    whatsappShare: false,
    whatsappNumber: '',
  },
});
const irishShop = makeTenantDocument({
  config: { ...base.config, messaging: { smsCountries: ['IE', 'GB'] } },
});
const host = shop.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, irishShop);
});
afterAll(() => ctx.close());

const textsOf = (slug: string) =>
  ctx.db
    .select({ to: outboxMessages.recipient, kind: outboxMessages.kind })
    .from(outboxMessages)
    .innerJoin(tenants, eq(tenants.id, outboxMessages.tenantId))
    .where(and(eq(tenants.slug, slug), eq(outboxMessages.channel, 'sms')));

describe('phone numbers', () => {
  it('treats every way of writing one handset as one contact', async () => {
    const other = makeTenantDocument();
    await importTestTenant(ctx.db, other);
    const otherHost = other.hosts[0]!.host;
    expect(
      (await post(ctx.app, otherHost, '/api/register', { phone: '07700900123' })).statusCode,
    ).toBe(200);
    // The same handset, written two other ways, is inside the first code's 60-second wait.
    for (const phone of ['447700900123', '+44 7700 900123']) {
      const res = await post(ctx.app, otherHost, '/api/resend-otp', { phone });
      expect(res.statusCode, phone).toBe(429);
      expect(res.json().message).toMatch(/^Please wait \d+ seconds/);
    }
    expect(await textsOf(other.slug)).toEqual([{ to: '+447700900123', kind: 'otp' }]);
  });

  it('texts only the shop’s countries, and tells the others to use e-mail', async () => {
    const res = await post(ctx.app, host, '/api/register', { phone: '8801712345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      message:
        'We can only text numbers in the United Kingdom. Please use your e-mail address instead.',
      errors: { phone: expect.stringMatching(/^We can only text numbers/) },
    });
    const irish = await post(ctx.app, irishShop.hosts[0]!.host, '/api/register', {
      phone: '+353 85 123 4567',
    });
    expect(irish.statusCode).toBe(200);
    expect((await textsOf(shop.slug)).some((t) => t.to.startsWith('+880'))).toBe(false);
  });
});

describe('the shop’s hourly budgets', () => {
  it('stops sign-in texts at the budget, whatever the numbers and addresses, and tells the shop once', async () => {
    const numbers = ['07700900201', '07700900202', '07700900203', '07700900204', '07700900205'];
    const answers = [];
    for (const phone of numbers) {
      answers.push(await post(ctx.app, host, '/api/register', { phone }, freshIp()));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]!.json().message).toMatch(
      new RegExp(
        `^${shop.websiteName} is sending a lot of text messages right now\\. Sign-in texts are paused for up to \\d+ minutes: please use your e-mail address instead, and we will e-mail your code\\.$`,
      ),
    );
    // The login screen reads errors.phone on a 429 as "texts are paused" and offers e-mail.
    expect(answers[3]!.json().errors).toEqual({ phone: answers[3]!.json().message });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await textsOf(shop.slug)).toHaveLength(3);
    const alerts = await ctx.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.kind, 'budget_alert:sms:%'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.recipient).toBe(shop.config.supportEmail);
    expect(alerts[0]!.subject).toBe(`${shop.websiteName}: sign-in texts paused for up to an hour`);
    // E-mail codes have a budget of their own, not yet spent.
    expect(
      (await post(ctx.app, host, '/api/register', { email: 'still@example.com' })).statusCode,
    ).toBe(200);
  });

  it('stops booking e-mails at the budget, saving nothing past it', async () => {
    const book = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/booking',
        headers: { host },
        remoteAddress: freshIp(),
        payload: {
          date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
          time: '07:00 PM',
          number_of_people: '2',
          name: 'Someone',
          email: `victim-${n}@example.com`,
          phone: '07700900123',
          message: '',
        },
      });
    const codes = [];
    for (let n = 0; n < 3; n++) codes.push((await book(n)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const saved = await ctx.db.select({ email: bookings.email }).from(bookings);
    expect(saved.map((b) => b.email).sort()).toEqual([
      'victim-0@example.com',
      'victim-1@example.com',
    ]);
  });
});

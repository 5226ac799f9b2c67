import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { customerSessions, outboxMessages } from '../src/db/schema.ts';
import { importTestTenant, makeTenantDocument } from './factories.ts';
import { post, testClock } from './sign-in.ts';
import { createTestApp } from './test-app.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** Where a text to a number typed in UK form goes, and what the customer's record keeps. */
export const e164 = (typed: string) => `+44${typed.slice(1)}`;

/** A code that is not the right one. */
export const wrong = (code: string) =>
  String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

/**
 * The sign-in tests' setting, one per test file: the app on a database of its own, on a clock
 * the tests move, with a shop of four-digit codes and one of six. Call it at the top of a file;
 * `ctx` is there once the file's tests run.
 */
export function useAuthShop() {
  const clock = testClock();
  const shop = makeTenantDocument();
  const sixDigitShop = makeTenantDocument();
  sixDigitShop.config.otpLength = 6;
  const host = shop.hosts[0]!.host;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
    await importTestTenant(ctx.db, shop);
    await importTestTenant(ctx.db, sixDigitShop);
  });
  afterAll(() => ctx.close());

  let n = 0;
  return {
    clock,
    shop,
    sixDigitShop,
    host,
    get ctx() {
      return ctx;
    },
    /** A contact nobody else in this file uses. */
    email: () => `guest${++n}@example.com`,
    phone: () => `07700${String(900000 + ++n).padStart(6, '0')}`,
    register: (payload: object, ip?: string) => post(ctx.app, host, '/api/register', payload, ip),
    resend: (payload: object, ip?: string) => post(ctx.app, host, '/api/resend-otp', payload, ip),
    verify: (payload: object, ip?: string) => post(ctx.app, host, '/api/verify-otp', payload, ip),
    getCustomer: (token: string, onHost = host) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/customer',
        headers: { host: onHost, authorization: `Bearer ${token}` },
      }),
    /** Sessions of the customer with this e-mail address or E.164 phone number. */
    sessionsOf: async (contact: string) => {
      const customer = await ctx.db.query.customers.findFirst({
        where: (t, { eq, or }) => or(eq(t.email, contact), eq(t.phone, contact)),
      });
      if (!customer) return 0;
      return (
        await ctx.db
          .select({ n: count() })
          .from(customerSessions)
          .where(eq(customerSessions.customerId, customer.id))
      )[0]!.n;
    },
    messagesTo: async (recipient: string) =>
      (
        await ctx.db
          .select({ n: count() })
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, recipient))
      )[0]!.n,
  };
}

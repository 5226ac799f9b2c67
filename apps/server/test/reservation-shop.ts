import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bookingSlots } from '../src/db/schema.ts';
import { everyDayHours, importTestTenant, makeTenantDocument } from './factories.ts';
import { freshIp, testClock } from './sign-in.ts';
import { createTestApp } from './test-app.ts';

/**
 * The reservation tests' setting, one per test file: a shop taking bookings every day 12:00 to
 * 22:00 (20 covers a slot), another shop with the same settings, one that takes no bookings
 * online, and the calls a guest makes. `ctx` is there once the file's tests run.
 */
export function useReservationShop() {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  // Tuesday 17 November 2026, 15:10 in London.
  const clock = testClock('2026-11-17T15:10:00Z');
  const base = makeTenantDocument();
  const shop = makeTenantDocument({
    // The capacity race books 200 tables in a few seconds: far past the hourly e-mail budget a
    // real restaurant keeps (decision 9), which message-pumping.integration.test.ts tests on its own.
    config: { ...base.config, messaging: { budgets: { bookingEmailsPerHour: 100_000 } } },
    booking: {
      hours: everyDayHours('12:00', '22:00'),
      coversPerSlot: 20,
      daysAllowed: 30,
      whatsappShare: true,
      whatsappNumber: '447700900123',
    },
  });
  const other = makeTenantDocument({ booking: shop.booking });
  const noBooking = makeTenantDocument();
  noBooking.config.allowBooking = 0;
  const host = shop.hosts[0]!.host;

  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
    await importTestTenant(ctx.db, shop);
    await importTestTenant(ctx.db, other);
    await importTestTenant(ctx.db, { ...noBooking, booking: shop.booking });
  });
  afterAll(() => ctx.close());

  const timings = (query = '', onHost = host) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/reservation/timings${query}`,
      headers: { host: onHost },
    });
  const booking = (overrides: object = {}) => ({
    date: '2026-11-20',
    time: '07:00 PM',
    number_of_people: '2',
    name: 'Priya Shah',
    email: 'priya@example.com',
    phone: '07700900123',
    message: 'Window table if possible',
    ...overrides,
  });
  const book = (payload: object, headers: Record<string, string> = {}, onHost = host) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { host: onHost, ...headers },
      payload,
      remoteAddress: freshIp(),
    });
  const coversOf = async (date: string, time: string) =>
    (
      await ctx.db
        .select({ covers: bookingSlots.covers })
        .from(bookingSlots)
        .where(and(eq(bookingSlots.date, date), eq(bookingSlots.time, time)))
    )[0]?.covers ?? 0;

  return {
    clock,
    shop,
    other,
    noBooking,
    host,
    get ctx() {
      return ctx;
    },
    timings,
    booking,
    book,
    coversOf,
  };
}

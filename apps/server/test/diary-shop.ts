import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { COUNTED_BOOKING_STATUSES } from '@servery/contract/diary';
import type { DiaryDay } from '@servery/contract/diary';
import { bookings } from '../src/db/schema.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { importTestTenant, makeTenantDocument } from './factories.ts';
import { freshIp, testClock } from './sign-in.ts';
import { staffAgent, type StaffAgent } from './staff.ts';
import { createTestApp } from './test-app.ts';

/**
 * The diary tests' setting, one per test file: a shop taking bookings every day (and, on the
 * Sunday the clocks go forward, a breakfast service across the missing hour), its manager and
 * a waiter, and the calls they make. Each test books dates no other test of its file uses.
 */
export function useDiaryShop() {
  // Issue 16: the front of house's diary. Friday 26 March 2027, 10:00 in London; the clocks go
  // forward at 01:00 on Sunday 28 March, so that night has no 01:00 or 01:30.
  const clock = testClock('2027-03-26T10:00:00Z');
  const services = [
    { opens: '12:00', closes: '15:00' },
    { opens: '18:00', closes: '22:00' },
  ];
  const base = makeTenantDocument();
  const shop = makeTenantDocument({
    config: { ...base.config, messaging: { budgets: { bookingEmailsPerHour: 100_000 } } },
    booking: {
      hours: {
        monday: services,
        tuesday: services,
        wednesday: services,
        thursday: services,
        friday: services,
        saturday: services,
        sunday: [{ opens: '00:30', closes: '03:00' }, ...services],
      },
      coversPerSlot: 20,
      daysAllowed: 30,
    },
  });
  const host = shop.hosts[0]!.host;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let tenantId: string;
  let manager: StaffAgent;
  let waiter: StaffAgent;

  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
    await importTestTenant(ctx.db, shop);
    tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
    manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main'] });
    waiter = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
  });
  afterAll(() => ctx.close());

  const admin = (
    agent: StaffAgent,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: agent.headers, ...(payload ? { payload } : {}) });
  const dayOf = async (date: string): Promise<DiaryDay> => {
    const res = await admin(waiter, 'GET', `/api/admin/bookings?date=${date}`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const bookOnline = (date: string, time: string, people: string, email = 'guest@example.com') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { host },
      remoteAddress: freshIp(),
      payload: {
        date,
        time,
        number_of_people: people,
        name: 'Online Guest',
        email,
        phone: '07700900123',
        message: '',
      },
    });
  const phoneBooking = (agent: StaffAgent, body: object) =>
    admin(agent, 'POST', '/api/admin/bookings', {
      name: 'Phone Guest',
      source: 'phone',
      ...body,
    });
  const move = (agent: StaffAgent, id: string, body: object) =>
    admin(agent, 'POST', `/api/admin/bookings/${id}/status`, body);
  const slotOf = (day: DiaryDay, time: string) =>
    day.services.flatMap((s) => s.slots).find((slot) => slot.time === time)!;
  /** Covers per slot time, counted again from the bookings themselves. */
  const recount = async function recount(date: string) {
    const rows = await ctx.db
      .select({ time: bookings.time, covers: sql<number>`sum(${bookings.covers})::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.tenantId, tenantId),
          eq(bookings.date, date),
          inArray(bookings.status, [...COUNTED_BOOKING_STATUSES]),
        ),
      )
      .groupBy(bookings.time);
    return new Map(rows.map((r) => [r.time, Number(r.covers)]));
  };

  return {
    clock,
    shop,
    host,
    get ctx() {
      return ctx;
    },
    get tenantId() {
      return tenantId;
    },
    get manager() {
      return manager;
    },
    get waiter() {
      return waiter;
    },
    admin,
    dayOf,
    bookOnline,
    phoneBooking,
    move,
    slotOf,
    recount,
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TRANSITIONS, COUNTED_BOOKING_STATUSES } from '@servery/contract/diary';
import type { DiaryDay } from '@servery/contract/diary';
import { BOOKING_STATUSES } from '@servery/contract/reservation';
import { auditLog, bookingSlots, bookings, liveEvents, outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

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
  method: 'GET' | 'POST' | 'DELETE',
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
async function recount(date: string) {
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
}

describe('the day view', () => {
  it('shows each slot’s covers against its capacity, as a recount of the bookings finds them, on a clock-change day', async () => {
    const date = '2027-03-28';
    expect((await bookOnline(date, '12:30 AM', '4')).statusCode).toBe(200);
    expect((await bookOnline(date, '02:00 AM', '2')).statusCode).toBe(200);
    expect((await bookOnline(date, '07:00 PM', '6')).statusCode).toBe(200);
    expect((await bookOnline(date, '07:00 PM', '10+')).statusCode).toBe(200);
    const cancelled = await bookOnline(date, '12:30 PM', '3');
    expect(cancelled.statusCode).toBe(200);
    const phone = await phoneBooking(waiter, { date, time: '07:00 PM', number_of_people: 5 });
    expect(phone.statusCode).toBe(200);
    // The restaurant cancels one and a guest does not come to another.
    const lunch = slotOf(await dayOf(date), '12:30 PM');
    expect(
      (await move(waiter, lunch.bookings[0]!.id, { status: 'cancelled', reason: 'Kitchen flood' }))
        .statusCode,
    ).toBe(200);
    expect((await move(waiter, phone.json().data.id, { status: 'no_show' })).statusCode).toBe(200);

    const day = await dayOf(date);
    expect(day.services.map((s) => s.label)).toEqual([
      'Breakfast 00:30–03:00',
      'Lunch 12:00–15:00',
      'Dinner 18:00–22:00',
    ]);
    // 01:00 and 01:30 do not exist that night.
    expect(day.services[0]!.slots.map((s) => s.time)).toEqual(['12:30 AM', '02:00 AM', '02:30 AM']);
    const counted = await recount(date);
    for (const slot of day.services.flatMap((s) => s.slots)) {
      expect(slot.covers, slot.time).toBe(counted.get(slot.time) ?? 0);
      expect(slot.capacity).toBe(20);
    }
    expect(day.totals).toEqual({ covers: 12, bookings: 3, requested: 1 });
    const seven = slotOf(day, '07:00 PM');
    expect(seven.covers).toBe(6);
    expect(seven.bookings.map((b) => [b.people, b.status, b.source])).toEqual([
      ['6', 'confirmed', 'online'],
      ['10+', 'requested', 'online'],
      ['5', 'no_show', 'phone'],
    ]);
    expect(day.requests.map((r) => r.people)).toEqual(['10+']);
  });

  it('refuses a date that is not one, and staff of no bookings store', async () => {
    const bad = await admin(waiter, 'GET', '/api/admin/bookings?date=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.date).toBe('Use a date such as 2026-11-24');
  });
});

describe('requests', () => {
  it('confirms a 10+ request with the real party size, which then counts, and e-mails the guest with a calendar file', async () => {
    const date = '2027-04-02';
    await bookOnline(date, '08:00 PM', '10+', 'big-party@example.com');
    const [request] = (await dayOf(date)).requests.filter((r) => r.date === date);
    const needsSize = await move(waiter, request!.id, { status: 'confirmed' });
    expect(needsSize.statusCode).toBe(400);
    expect(needsSize.json().errors.people).toBeDefined();
    const res = await move(waiter, request!.id, { status: 'confirmed', people: 14 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', covers: 14, people: '14' });
    expect((await recount(date)).get('08:00 PM')).toBe(14);
    expect(slotOf(await dayOf(date), '08:00 PM').covers).toBe(14);
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'big-party@example.com'),
          eq(outboxMessages.subject, `Your table at ${shop.websiteName}, 02/04/2027 at 08:00 PM`),
        ),
      );
    expect(mail!.textBody).toContain('Your table for 14 on 02/04/2027 at 08:00 PM is booked.');
    expect(mail!.attachments![0]!.filename).toBe('booking.ics');
    // Its own cancel link works.
    const token = /reservation\/cancel\/([\w-]{43})/.exec(mail!.textBody!)![1]!;
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/booking/cancel/${token}`,
      headers: { host },
    });
    expect(view.json().data).toMatchObject({ status: 'confirmed', number_of_people: '14' });
  });

  it('declines a request with a reason the guest reads; a full slot refuses a confirmation', async () => {
    const date = '2027-04-03';
    await bookOnline(date, '07:30 PM', '10+', 'declined@example.com');
    await bookOnline(date, '07:30 PM', '10+', 'too-big@example.com');
    const requests = (await dayOf(date)).requests.filter((r) => r.date === date);
    expect((await move(waiter, requests[0]!.id, { status: 'declined' })).statusCode).toBe(400);
    const declined = await move(waiter, requests[0]!.id, {
      status: 'declined',
      reason: 'We are fully booked for a private event',
    });
    expect(declined.json().data).toMatchObject({
      status: 'declined',
      note: 'We are fully booked for a private event',
    });
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'declined@example.com'))
      .orderBy(sql`${outboxMessages.createdAt} desc`)
      .limit(1);
    expect(mail!.kind).toBe('booking_declined');
    expect(mail!.textBody).toContain(
      'cannot take your table for 10+ on 03/04/2027 at 07:30 PM. We are fully booked for a private event.',
    );
    // 21 people do not fit a slot of 20: nothing changes.
    const full = await move(waiter, requests[1]!.id, { status: 'confirmed', people: 21 });
    expect(full.statusCode).toBe(409);
    expect((await dayOf(date)).requests.filter((r) => r.date === date).map((r) => r.id)).toEqual([
      requests[1]!.id,
    ]);
  });
});

describe('the status table', () => {
  it('allows exactly the moves of the table, for all 64 pairs, and a refused move changes nothing', async () => {
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        const booking = await insertTestBooking(ctx.db, tenantId, {
          date: '2027-04-05',
          time: '12:00 PM',
          status: from,
          ...(from === 'requested' ? { people: '10+' } : {}),
        });
        const res = await move(waiter, booking.id, {
          status: to,
          ...(to === 'confirmed' ? { people: 2 } : {}),
          ...(to === 'declined' || to === 'cancelled' ? { reason: 'Test' } : {}),
        });
        const allowed = BOOKING_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 409);
        const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row!.status, `${from} → ${to}`).toBe(allowed ? to : from);
      }
    }
    // Every seat is accounted for after all of it.
    const [slot] = await ctx.db
      .select()
      .from(bookingSlots)
      .where(and(eq(bookingSlots.tenantId, tenantId), eq(bookingSlots.date, '2027-04-05')));
    expect(slot!.covers).toBe((await recount('2027-04-05')).get('12:00 PM') ?? 0);
  });

  it('audits each move and tells every board', async () => {
    const booking = await insertTestBooking(ctx.db, tenantId, { date: '2027-04-06' });
    await move(waiter, booking.id, { status: 'arrived' });
    await move(waiter, booking.id, { status: 'seated' });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual(['booking.arrived', 'booking.seated']);
    const events = await ctx.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.entityId, booking.id));
    expect(events.map((e) => e.kind)).toEqual(['booking.status', 'booking.status']);
  });
});

describe('phone bookings and walk-ins', () => {
  it(
    '200 staff bookings of 2 at once into a slot of 20: 10 booked, 190 refused, 20 covers',
    { timeout: 60_000 },
    async () => {
      const date = '2027-04-07';
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          phoneBooking(waiter, {
            date,
            time: '01:00 PM',
            number_of_people: 2,
            name: `Caller ${i}`,
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(190);
      expect((await recount(date)).get('01:00 PM')).toBe(20);
      expect(slotOf(await dayOf(date), '01:00 PM').covers).toBe(20);
    },
  );

  it('lets a manager overbook a full slot on purpose, audited, and refuses the same to staff', async () => {
    const date = '2027-04-07';
    const staffTry = await phoneBooking(waiter, {
      date,
      time: '01:00 PM',
      number_of_people: 2,
      over_capacity: true,
    });
    expect(staffTry.statusCode).toBe(403);
    const res = await phoneBooking(manager, {
      date,
      time: '01:00 PM',
      number_of_people: 2,
      over_capacity: true,
      email: 'vip@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      over_capacity: true,
      status: 'confirmed',
      source: 'phone',
    });
    const slot = slotOf(await dayOf(date), '01:00 PM');
    expect([slot.covers, slot.capacity]).toEqual([22, 20]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, res.json().data.id));
    expect(audit!.action).toBe('booking.created_over_capacity');
    expect(
      await ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'vip@example.com')),
    ).toHaveLength(1);
  });

  it('seats a walk-in at once, today only, and checks the time and the party', async () => {
    const walkIn = await phoneBooking(waiter, {
      date: '2027-03-26',
      time: '12:00 PM',
      number_of_people: 3,
      source: 'walk_in',
    });
    expect(walkIn.statusCode).toBe(200);
    expect(walkIn.json().data).toMatchObject({ status: 'seated', source: 'walk_in', covers: 3 });
    const tomorrow = await phoneBooking(waiter, {
      date: '2027-03-27',
      time: '12:00 PM',
      number_of_people: 3,
      source: 'walk_in',
    });
    expect(tomorrow.json().errors.date).toBe('A walk-in is for today');
    const offGrid = await phoneBooking(waiter, {
      date: '2027-03-27',
      time: '04:00 PM',
      number_of_people: 3,
    });
    expect(offGrid.json().errors.time).toBe('Choose one of the day’s booking times');
    const noParty = await phoneBooking(waiter, {
      date: '2027-03-27',
      time: '12:00 PM',
      number_of_people: 0,
    });
    expect(noParty.statusCode).toBe(400);
  });
});

describe('close-outs', () => {
  const timings = async (date: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/reservation/timings?date=${date}`,
        headers: { host },
      })
    ).json().data.slots as string[];

  it('takes a slot, a service or a day off the online timings, keeps bookings in it, and comes back when removed', async () => {
    const date = '2027-04-09';
    expect((await bookOnline(date, '07:00 PM', '2')).statusCode).toBe(200);
    const slot = await admin(manager, 'POST', '/api/admin/closeouts', {
      date,
      time: '07:00 PM',
      reason: 'Private party',
    });
    expect(slot.statusCode).toBe(200);
    expect(slot.json().data).toMatchObject({ label: '07:00 PM', reason: 'Private party' });
    expect(await timings(date)).not.toContain('07:00 PM');
    expect((await bookOnline(date, '07:00 PM', '2')).json().errors.time).toBe(
      'Choose one of the available times',
    );
    const day = await dayOf(date);
    const seven = slotOf(day, '07:00 PM');
    expect(seven).toMatchObject({ closed: true, covers: 2 });
    expect(seven.bookings).toHaveLength(1);

    const lunch = await admin(manager, 'POST', '/api/admin/closeouts', {
      date,
      service: '12:00-15:00',
      reason: 'Staff training',
    });
    expect(lunch.json().data.label).toBe('12:00–15:00');
    expect(
      (await timings(date)).filter((t) => t.endsWith('PM') && t < '03:00 PM' && !t.startsWith('0')),
    ).toEqual([]);
    expect(await timings(date)).toContain('06:00 PM');

    expect(
      (await admin(manager, 'DELETE', `/api/admin/closeouts/${slot.json().data.id}`)).statusCode,
    ).toBe(200);
    expect(await timings(date)).toContain('07:00 PM');
    expect(
      (await admin(manager, 'DELETE', `/api/admin/closeouts/${slot.json().data.id}`)).statusCode,
    ).toBe(404);

    const whole = await admin(manager, 'POST', '/api/admin/closeouts', {
      date: '2027-04-10',
      reason: 'Closed for a wedding',
    });
    expect(whole.json().data.label).toBe('The whole day');
    expect(await timings('2027-04-10')).toEqual([]);
  });

  it('refuses a service that does not run that day, and staff without service rights', async () => {
    const res = await admin(manager, 'POST', '/api/admin/closeouts', {
      date: '2027-04-09',
      service: '09:00-11:00',
      reason: 'x',
    });
    expect(res.json().errors.service).toBe('That service does not run on this date');
    expect(
      (await admin(waiter, 'POST', '/api/admin/closeouts', { date: '2027-04-09', reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

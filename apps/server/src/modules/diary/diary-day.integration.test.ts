import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { useDiaryShop } from '../../../test/diary-shop.ts';

const d = useDiaryShop();
const { host, admin, dayOf, bookOnline, phoneBooking, move, slotOf, recount } = d;

describe('the day view', () => {
  it('shows each slot’s covers against its capacity, as a recount of the bookings finds them, on a clock-change day', async () => {
    const date = '2027-03-28';
    expect((await bookOnline(date, '12:30 AM', '4')).statusCode).toBe(200);
    expect((await bookOnline(date, '02:00 AM', '2')).statusCode).toBe(200);
    expect((await bookOnline(date, '07:00 PM', '6')).statusCode).toBe(200);
    expect((await bookOnline(date, '07:00 PM', '10+')).statusCode).toBe(200);
    const cancelled = await bookOnline(date, '12:30 PM', '3');
    expect(cancelled.statusCode).toBe(200);
    const phone = await phoneBooking(d.waiter, { date, time: '07:00 PM', number_of_people: 5 });
    expect(phone.statusCode).toBe(200);
    // The restaurant cancels one and a guest rings to cancel another (a no-show cannot be
    // marked before its time: issue 27, point 6).
    const lunch = slotOf(await dayOf(date), '12:30 PM');
    expect(
      (
        await move(d.waiter, lunch.bookings[0]!.id, {
          status: 'cancelled',
          reason: 'Kitchen flood',
        })
      ).statusCode,
    ).toBe(200);
    expect((await move(d.waiter, phone.json().data.id, { status: 'cancelled' })).statusCode).toBe(
      200,
    );

    const day = await dayOf(date);
    expect(day.services.map((s) => s.label)).toEqual([
      'Breakfast 12:30 AM – 3:00 AM',
      'Lunch 12:00 PM – 3:00 PM',
      'Dinner 6:00 PM – 10:00 PM',
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
      ['5', 'cancelled', 'phone'],
    ]);
    // Open requests of other days are listed too; this day has the one.
    expect(day.requests.filter((r) => r.date === date).map((r) => r.people)).toEqual(['10+']);
  });

  it('refuses a date that is not one, and staff of no bookings store', async () => {
    const bad = await admin(d.waiter, 'GET', '/api/admin/bookings?date=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.date).toBe('Use a date such as 2026-11-24');
  });
});

describe('requests', () => {
  it('confirms a 10+ request with the real party size, which then counts, and e-mails the guest with a calendar file', async () => {
    const date = '2027-04-02';
    await bookOnline(date, '08:00 PM', '10+', 'big-party@example.com');
    const [request] = (await dayOf(date)).requests.filter((r) => r.date === date);
    const needsSize = await move(d.waiter, request!.id, { status: 'confirmed' });
    expect(needsSize.statusCode).toBe(400);
    expect(needsSize.json().errors.people).toBeDefined();
    const res = await move(d.waiter, request!.id, { status: 'confirmed', people: 14 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', covers: 14, people: '14' });
    expect((await recount(date)).get('08:00 PM')).toBe(14);
    expect(slotOf(await dayOf(date), '08:00 PM').covers).toBe(14);
    const [mail] = await d.ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'big-party@example.com'),
          eq(outboxMessages.subject, `Your table at ${d.shop.websiteName}, 02/04/2027 at 08:00 PM`),
        ),
      );
    expect(mail!.textBody).toContain('Your table for 14 on 02/04/2027 at 08:00 PM is booked.');
    expect(mail!.attachments![0]!.filename).toBe('booking.ics');
    // Its own cancel link works.
    const token = /reservation\/cancel\/([\w-]{43})/.exec(mail!.textBody!)![1]!;
    const view = await d.ctx.app.inject({
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
    expect((await move(d.waiter, requests[0]!.id, { status: 'declined' })).statusCode).toBe(400);
    const declined = await move(d.waiter, requests[0]!.id, {
      status: 'declined',
      reason: 'We are fully booked for a private event',
    });
    expect(declined.json().data).toMatchObject({
      status: 'declined',
      note: 'We are fully booked for a private event',
    });
    const [mail] = await d.ctx.db
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
    const full = await move(d.waiter, requests[1]!.id, { status: 'confirmed', people: 21 });
    expect(full.statusCode).toBe(409);
    expect((await dayOf(date)).requests.filter((r) => r.date === date).map((r) => r.id)).toEqual([
      requests[1]!.id,
    ]);
  });
});

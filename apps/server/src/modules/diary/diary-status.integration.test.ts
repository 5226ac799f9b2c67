import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_TRANSITIONS } from '@servery/contract/diary';
import { BOOKING_STATUSES } from '@servery/contract/reservation';
import { auditLog, bookingSlots, bookings, liveEvents, outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { useDiaryShop } from '../../../test/diary-shop.ts';

const d = useDiaryShop();
const { dayOf, phoneBooking, move, slotOf, recount } = d;

describe('the status table', () => {
  it('allows exactly the moves of the table, for all 64 pairs, and a refused move changes nothing', async () => {
    // On the booking's day, 45 minutes after its time: the clock allows every move of the table
    // (arrived and seated on the day, a no-show from 15 minutes late; issue 27, point 6).
    for (const from of BOOKING_STATUSES) {
      for (const to of BOOKING_STATUSES) {
        const booking = await insertTestBooking(d.ctx.db, d.tenantId, {
          date: '2027-03-26',
          time: '09:15 AM',
          status: from,
          ...(from === 'requested' ? { people: '10+' } : {}),
        });
        const res = await move(d.waiter, booking.id, {
          status: to,
          ...(to === 'confirmed' ? { people: 2 } : {}),
          ...(to === 'declined' || to === 'cancelled' ? { reason: 'Test' } : {}),
        });
        const allowed = BOOKING_TRANSITIONS[from].includes(to);
        expect(res.statusCode, `${from} → ${to}`).toBe(allowed ? 200 : 409);
        const [row] = await d.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row!.status, `${from} → ${to}`).toBe(allowed ? to : from);
      }
    }
    // Every seat is accounted for after all of it.
    const [slot] = await d.ctx.db
      .select()
      .from(bookingSlots)
      .where(
        and(
          eq(bookingSlots.tenantId, d.tenantId),
          eq(bookingSlots.date, '2027-03-26'),
          eq(bookingSlots.time, '09:15 AM'),
        ),
      );
    expect(slot!.covers).toBe((await recount('2027-03-26')).get('09:15 AM') ?? 0);
  });

  it('audits each move and tells every board', async () => {
    // Arrived and seated: on the booking's day (the file's clock says 26 March).
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, {
      date: '2027-03-26',
      time: '08:30 AM',
    });
    await move(d.waiter, booking.id, { status: 'arrived' });
    await move(d.waiter, booking.id, { status: 'seated' });
    const audit = await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual(['booking.arrived', 'booking.seated']);
    const events = await d.ctx.db
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
          phoneBooking(d.waiter, {
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
    const date = '2027-04-08';
    // Ten parties of two fill the slot of 20.
    for (let i = 0; i < 10; i++) {
      const booked = await phoneBooking(d.waiter, {
        date,
        time: '01:00 PM',
        number_of_people: 2,
        name: `Caller ${i}`,
      });
      expect(booked.statusCode).toBe(200);
    }
    const staffTry = await phoneBooking(d.waiter, {
      date,
      time: '01:00 PM',
      number_of_people: 2,
      over_capacity: true,
    });
    expect(staffTry.statusCode).toBe(403);
    const res = await phoneBooking(d.manager, {
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
    const [audit] = await d.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, res.json().data.id));
    expect(audit!.action).toBe('booking.created_over_capacity');
    expect(
      await d.ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'vip@example.com')),
    ).toHaveLength(1);
  });

  it('seats a walk-in at once, today only, and checks the time and the party', async () => {
    const walkIn = await phoneBooking(d.waiter, {
      date: '2027-03-26',
      time: '12:00 PM',
      number_of_people: 3,
      source: 'walk_in',
    });
    expect(walkIn.statusCode).toBe(200);
    expect(walkIn.json().data).toMatchObject({ status: 'seated', source: 'walk_in', covers: 3 });
    const tomorrow = await phoneBooking(d.waiter, {
      date: '2027-03-27',
      time: '12:00 PM',
      number_of_people: 3,
      source: 'walk_in',
    });
    expect(tomorrow.json().errors.date).toBe('A walk-in is for today');
    const offGrid = await phoneBooking(d.waiter, {
      date: '2027-03-27',
      time: '04:00 PM',
      number_of_people: 3,
    });
    expect(offGrid.json().errors.time).toBe('Choose one of the day’s booking times');
    const noParty = await phoneBooking(d.waiter, {
      date: '2027-03-27',
      time: '12:00 PM',
      number_of_people: 0,
    });
    expect(noParty.statusCode).toBe(400);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryBooking } from '@servery/contract/diary';
import { auditLog, bookings, liveEvents, outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { useDiaryShop } from '../../../test/diary-shop.ts';
import type { StaffAgent } from '../../../test/staff.ts';

// A booked party's date, time or size changed in place (decision 68): the rules of a phone
// booking, the covers moved in one transaction, the guest told. The shop's clock is Friday 26
// March 2027, 10:00 in London; 20 covers a time; lunch 12:00–15:00 and dinner 18:00–22:00.
const d = useDiaryShop();
const { admin, slotOf, recount, dayOf } = d;

const change = (id: string, body: object | undefined, agent: StaffAgent = d.waiter) =>
  admin(agent, 'PATCH', `/api/admin/bookings/${id}`, body);
const rowOf = async (id: string) =>
  (await d.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const auditOf = (id: string) => d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
const mailTo = (email: string) =>
  d.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
/** The slot counters of a date as the diary shows them, beside the bookings counted again. */
async function coversOf(date: string, ...times: string[]) {
  const day = await dayOf(date);
  const counted = await recount(date);
  for (const time of times) expect(slotOf(day, time).covers, time).toBe(counted.get(time) ?? 0);
  return times.map((time) => slotOf(day, time).covers);
}
/** The row, its slots, its audit and its mail, to show that a refusal changed nothing. */
async function snapshot(id: string, date: string) {
  const row = await rowOf(id);
  return {
    row: { ...row },
    covers: await coversOf(date, '07:00 PM', '08:00 PM'),
    audit: (await auditOf(id)).length,
    mail: (await mailTo(row.email)).length,
  };
}

describe('changing a booking', () => {
  it('moves the time and the party size: covers moved, audited, every board told, the guest e-mailed', async () => {
    const date = '2027-03-30';
    const email = 'change-one@example.com';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '4', email });
    await d.ctx.db
      .update(bookings)
      .set({ message: 'Window, please' })
      .where(eq(bookings.id, booking.id));
    const res = await change(booking.id, { time: '08:00 PM', number_of_people: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Priya Shah: now 6 people on 30/03/2027 at 08:00 PM.');
    const data: DiaryBooking = res.json().data;
    expect(data).toMatchObject({
      id: booking.id,
      date,
      time: '08:00 PM',
      people: '6',
      covers: 6,
      status: 'confirmed',
      name: 'Priya Shah',
      phone: '07700900123',
      email,
      message: 'Window, please',
      over_capacity: false,
    });
    expect(await coversOf(date, '07:00 PM', '08:00 PM')).toEqual([0, 6]);

    const audit = await auditOf(booking.id);
    expect(audit.map((a) => a.action)).toEqual(['booking.changed']);
    expect(audit[0]).toMatchObject({
      actorEmail: d.waiter.email,
      before: { date, time: '07:00 PM', covers: 4 },
      after: { date, time: '08:00 PM', covers: 6, over_capacity: false },
    });
    const events = await d.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.entityId, booking.id), eq(liveEvents.kind, 'booking.changed')));
    expect(events).toHaveLength(1);

    // The guest is told as they were told of the booking: its e-mail, as it now stands.
    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'booking_changed',
      subject: `Your booking at ${d.shop.websiteName} is changed: 30/03/2027 at 08:00 PM`,
    });
    expect(mail!.textBody).toContain(
      'your table is now for 6 on 30/03/2027 at 08:00 PM (it was for 4 on 30/03/2027 at 07:00 PM).',
    );
    expect(mail!.textBody).toContain('Your message: Window, please');
    expect(mail!.attachments?.[0]).toMatchObject({ filename: 'booking.ics' });
    const calendar = Buffer.from(mail!.attachments![0]!.content, 'base64').toString();
    expect(calendar).toContain(`UID:${booking.id}@servery`);
    expect(calendar).toContain('DTSTART:20270330T190000Z');
    // A revision of the file first sent (SEQUENCE 0), so a calendar moves the entry it has.
    expect(Number(/SEQUENCE:(\d+)/.exec(calendar)?.[1])).toBeGreaterThan(0);
    // Its cancel link is on the shop's own host, and cancels this booking.
    const link = new RegExp(`http://${d.host}/reservation/cancel/([\\w-]+)`).exec(mail!.textBody!);
    expect(link).not.toBeNull();
    const cancelled = await d.ctx.app.inject({
      method: 'POST',
      url: `/api/booking/cancel/${link![1]}`,
      headers: { host: d.host },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await rowOf(booking.id)).status).toBe('cancelled');
    expect(await coversOf(date, '07:00 PM', '08:00 PM')).toEqual([0, 0]);
  });

  it('moves the date: the seats leave one day for the other, and the new day gets its reminder', async () => {
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date: '2027-03-31' });
    await d.ctx.db
      .update(bookings)
      .set({ reminderSentAt: new Date('2027-03-30T09:00:00Z') })
      .where(eq(bookings.id, booking.id));
    const res = await change(booking.id, { date: '2027-04-02' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ date: '2027-04-02', time: '07:00 PM', covers: 2 });
    expect(await coversOf('2027-03-31', '07:00 PM')).toEqual([0]);
    expect(await coversOf('2027-04-02', '07:00 PM')).toEqual([2]);
    expect((await rowOf(booking.id)).reminderSentAt).toBeNull();
  });

  it('holds the capacity as a phone booking does: a full time is a 409 and nothing moves', async () => {
    const date = '2027-04-01';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '4' });
    await insertTestBooking(d.ctx.db, d.tenantId, { date, time: '08:00 PM', people: '16' });
    const before = await snapshot(booking.id, date);
    const full = await change(booking.id, { time: '08:00 PM', number_of_people: 5 });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      status: 409,
      data: null,
      errors: { time: '08:00 PM has no room for 5 more people.' },
    });
    expect(await snapshot(booking.id, date)).toEqual(before);

    // Four fit exactly, as they would for a new phone booking.
    expect((await change(booking.id, { time: '08:00 PM' })).statusCode).toBe(200);
    expect(await coversOf(date, '07:00 PM', '08:00 PM')).toEqual([0, 20]);
    // In its own slot a party's seats count once: 4 → 4 is no change, and one more is too many.
    expect((await change(booking.id, { number_of_people: 5 })).statusCode).toBe(409);
    expect((await change(booking.id, { number_of_people: 3 })).statusCode).toBe(200);
    expect(await coversOf(date, '08:00 PM')).toEqual([19]);
  });

  it('lets a manager overbook a full time on purpose, and no one else', async () => {
    const date = '2027-04-03';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    await insertTestBooking(d.ctx.db, d.tenantId, { date, time: '08:00 PM', people: '20' });
    const body = { time: '08:00 PM', over_capacity: true };
    const waiter = await change(booking.id, body);
    expect(waiter.statusCode).toBe(403);
    expect(waiter.json().message).toBe('Only a manager may book past a slot’s capacity.');
    const manager = await change(booking.id, body, d.manager);
    expect(manager.statusCode).toBe(200);
    expect(manager.json().data).toMatchObject({ time: '08:00 PM', over_capacity: true });
    expect(await coversOf(date, '07:00 PM', '08:00 PM')).toEqual([0, 23]);
    expect((await auditOf(booking.id)).map((a) => a.action)).toEqual([
      'booking.changed_over_capacity',
    ]);
    // Moved back where it fits, it is no longer overbooked.
    const back = await change(booking.id, { time: '07:00 PM', over_capacity: true }, d.manager);
    expect(back.json().data).toMatchObject({ time: '07:00 PM', over_capacity: false });
  });

  it('of two changes for the last seats at once, takes one and refuses the other', async () => {
    const date = '2027-04-04';
    const first = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    const second = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    await insertTestBooking(d.ctx.db, d.tenantId, { date, time: '08:00 PM', people: '15' });
    const answers = await Promise.all(
      [first, second].map((b) => change(b.id, { time: '08:00 PM' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await coversOf(date, '07:00 PM', '08:00 PM')).toEqual([3, 18]);
  });

  it('refuses a booking that is not booked (409), and changes nothing', async () => {
    const date = '2027-04-05';
    for (const status of ['requested', 'seated', 'cancelled', 'no_show'] as const) {
      const booking = await insertTestBooking(d.ctx.db, d.tenantId, {
        date,
        status,
        ...(status === 'requested' ? { people: '10+' } : {}),
      });
      const before = await snapshot(booking.id, date);
      const res = await change(booking.id, { time: '08:00 PM' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(
        `This booking is ${status.replace('_', ' ')}: only a booked party’s date, time or size can be changed.`,
      );
      expect(await snapshot(booking.id, date)).toEqual(before);
    }
  });

  it('answers bad input with a clear 4xx on the field, and changes nothing', async () => {
    const date = '2027-04-06';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '2' });
    const before = await snapshot(booking.id, date);
    const refusals: [object | undefined, number, Record<string, string> | string][] = [
      [{ date: '2027-03-25' }, 400, { date: 'Choose today or a later date' }],
      [{ time: '04:00 PM' }, 400, { time: 'Choose one of the day’s booking times' }],
      [{ time: '7pm' }, 400, { time: 'Use a time such as 07:30 PM' }],
      [{ date: '6/4/2027' }, 400, { date: 'Use a date such as 2026-11-24' }],
      [{ number_of_people: 0 }, 400, { number_of_people: 'At least 1 person' }],
      [{ number_of_people: 2.5 }, 400, { number_of_people: 'Give a whole number of people' }],
      [{ number_of_people: 101 }, 400, { number_of_people: 'At most 100 people' }],
      [{ number_of_people: 3, name: 'Someone' }, 400, 'name'],
      [{}, 400, 'change the date, the time or the party size'],
      [undefined, 400, ''],
      [{ date, time: '07:00 PM', number_of_people: 2 }, 422, 'That is the booking as it stands'],
    ];
    for (const [body, status, expected] of refusals) {
      const res = await change(booking.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ status, data: null });
      if (typeof expected === 'string') expect(res.json().message).toContain(expected);
      else expect(res.json().errors).toMatchObject(expected);
    }
    expect(
      (await change('6b1f2d3e-1111-4222-8333-944455556666', { time: '08:00 PM' })).statusCode,
    ).toBe(404);
    expect((await change('not-an-id', { time: '08:00 PM' })).statusCode).toBe(400);
    expect(await snapshot(booking.id, date)).toEqual(before);
  });

  it('e-mails nobody when the booking has no e-mail address', async () => {
    const date = '2027-04-07';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, email: '' });
    const res = await change(booking.id, { number_of_people: 3 });
    expect(res.statusCode).toBe(200);
    expect(await mailTo('')).toEqual([]);
  });

  it('refuses to move a party to a time today that has passed, and e-mails nobody', async () => {
    // Walk 2, item 6: at 8:04 PM the diary moved a 9:00 PM party to 12:00 PM the same day and
    // e-mailed the guest the time gone by.
    const date = '2027-03-26';
    const back = d.clock.now().getTime();
    d.clock.advance(Date.parse('2027-03-26T20:04:00Z') - back);
    try {
      const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, time: '09:00 PM' });
      const before = await snapshot(booking.id, date);
      for (const [time, said] of [
        ['12:00 PM', '12:00 PM'],
        ['07:30 PM', '7:30 PM'],
        ['08:00 PM', '8:00 PM'],
      ] as const) {
        const res = await change(booking.id, { time });
        expect(res.statusCode, time).toBe(422);
        const message = `${said} today has already passed: choose a later time or another day`;
        expect(res.json()).toMatchObject({ status: 422, data: null, message });
        expect(res.json().errors).toEqual({ time: message });
      }
      expect(await snapshot(booking.id, date)).toEqual(before);
      // A time still ahead is taken as before.
      expect((await change(booking.id, { time: '09:30 PM' })).statusCode).toBe(200);
    } finally {
      d.clock.advance(back - d.clock.now().getTime());
    }
  });
});

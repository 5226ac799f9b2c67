import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, liveEvents, outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { useReservationShop } from '../../../test/reservation-shop.ts';
import { signIn } from '../../../test/sign-in.ts';

// Issue 19: a customer sees their table bookings in their account and cancels one there. The
// shop's clock reads Tuesday 17 November 2026, 15:10 in London (reservation-shop.ts).
const r = useReservationShop();
const { host, booking, book, coversOf } = r;

const tenantIdOf = async (email: string) =>
  (await r.ctx.db.select().from(bookings).where(eq(bookings.email, email)))[0]!.tenantId;

const listOf = (token: string, onHost = host) =>
  r.ctx.app.inject({
    method: 'GET',
    url: '/api/customer/bookings',
    headers: { host: onHost, authorization: `Bearer ${token}` },
  });
const cancel = (token: string, id: string) =>
  r.ctx.app.inject({
    method: 'POST',
    url: `/api/customer/bookings/${id}/cancel`,
    headers: { host, authorization: `Bearer ${token}` },
  });

describe('a customer’s bookings in their account', () => {
  it('lists the bookings made with the e-mail they signed in with: upcoming soonest first, then past', async () => {
    const email = 'maya@example.com';
    await book(booking({ email: 'MAYA@example.com', date: '2026-11-25', time: '08:00 PM' }));
    await book(booking({ email, date: '2026-11-18', time: '12:30 PM', number_of_people: '10+' }));
    await book(booking({ email: 'someone-else@example.com', date: '2026-11-19' }));
    // The same address at another shop is another shop's guest.
    await book(booking({ email, date: '2026-11-19' }), {}, r.other.hosts[0]!.host);
    const tenantId = await tenantIdOf('someone-else@example.com');
    await insertTestBooking(r.ctx.db, tenantId, { date: '2026-11-10', email, status: 'completed' });
    // Earlier today, at 12:00: past already.
    await insertTestBooking(r.ctx.db, tenantId, { date: '2026-11-17', time: '12:00 PM', email });

    const { token } = await signIn(r.ctx.app, r.ctx.db, host, { email });
    const answer = await listOf(token);
    expect(answer.statusCode).toBe(200);
    const seen = answer.json().data as Record<string, unknown>[];
    expect(seen.map((b) => [b.date, b.time, b.status, b.upcoming, b.cancellable])).toEqual([
      ['2026-11-18', '12:30 PM', 'requested', true, true],
      ['2026-11-25', '08:00 PM', 'confirmed', true, true],
      ['2026-11-17', '12:00 PM', 'confirmed', false, false],
      ['2026-11-10', '07:00 PM', 'completed', false, false],
    ]);
    expect(seen[1]).toMatchObject({
      number_of_people: '2',
      name: 'Priya Shah',
      restaurant: r.shop.websiteName,
      note: null,
    });
  });

  it('lists the bookings made with the phone number they signed in with, in any spelling', async () => {
    await book(booking({ email: 'phone-booker@example.com', phone: '07700 900456' }));
    await book(booking({ email: 'other-phone@example.com', phone: '07700900457' }));
    const { token } = await signIn(r.ctx.app, r.ctx.db, host, { phone: '+44 7700 900456' });
    const seen = (await listOf(token)).json().data as { date: string; name: string }[];
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ date: '2026-11-20', time: '07:00 PM' });
  });

  it('shows nothing to a customer who booked under other contacts, and asks a visitor to sign in', async () => {
    const { token } = await signIn(r.ctx.app, r.ctx.db, host, { email: 'nobody@example.com' });
    expect((await listOf(token)).json().data).toEqual([]);
    const visitor = await r.ctx.app.inject({
      method: 'GET',
      url: '/api/customer/bookings',
      headers: { host },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('cancelling from the account', () => {
  it('cancels once: the seats go back, the diary hears of it and the guest is e-mailed', async () => {
    const email = 'cancel-from-account@example.com';
    await book(booking({ email, date: '2026-11-21', time: '06:00 PM', number_of_people: '4' }));
    expect(await coversOf('2026-11-21', '06:00 PM')).toBe(4);
    const { token } = await signIn(r.ctx.app, r.ctx.db, host, { email });
    const [mine] = (await listOf(token)).json().data as { id: string }[];

    const first = await cancel(token, mine!.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Your booking is cancelled.',
      data: { id: mine!.id, status: 'cancelled', upcoming: true, cancellable: false },
    });
    expect(await coversOf('2026-11-21', '06:00 PM')).toBe(0);
    const [event] = await r.ctx.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.entityId, mine!.id))
      .orderBy(desc(liveEvents.id));
    expect(event).toMatchObject({ kind: 'booking.status' });
    const [mail] = await r.ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, email),
          eq(outboxMessages.kind, 'booking_cancelled_by_guest'),
        ),
      );
    expect(mail?.textBody).toContain('your table for 4 on 21/11/2026 at 06:00 PM is cancelled');

    const second = await cancel(token, mine!.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This booking is already cancelled.');
    expect(await coversOf('2026-11-21', '06:00 PM')).toBe(0);
    expect(((await listOf(token)).json().data as { status: string }[])[0]!.status).toBe(
      'cancelled',
    );
  });

  it('refuses another guest’s booking with a 404 and a past booking with a 409, changing nothing', async () => {
    await book(booking({ email: 'owner-of-it@example.com', date: '2026-11-22' }));
    const [theirs] = await r.ctx.db
      .select()
      .from(bookings)
      .where(eq(bookings.email, 'owner-of-it@example.com'));
    const email = 'someone-curious@example.com';
    const past = await insertTestBooking(r.ctx.db, theirs!.tenantId, { date: '2026-11-16', email });
    const { token } = await signIn(r.ctx.app, r.ctx.db, host, { email });

    const notMine = await cancel(token, theirs!.id);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('We could not find that booking.');
    const tooLate = await cancel(token, past.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(
      'This booking’s time has passed, so it can no longer be cancelled online.',
    );
    const bad = await cancel(token, 'not-a-booking');
    expect(bad.statusCode).toBe(400);
    const rows = await r.ctx.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [theirs!.id, past.id]));
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    expect(await coversOf('2026-11-22', '07:00 PM')).toBe(2);
  });
});

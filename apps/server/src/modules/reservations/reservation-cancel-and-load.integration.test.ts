import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '../../db/schema.ts';
import { useReservationShop } from '../../../test/reservation-shop.ts';

const r = useReservationShop();
const { shop, other, host, booking, book, coversOf } = r;

describe('the cancel link', () => {
  const tokenOf = async (email: string) => {
    const [mail] = await r.ctx.db
      .select({ text: outboxMessages.textBody })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.kind, 'booking_confirmation'), eq(outboxMessages.recipient, email)),
      )
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    return /\/reservation\/cancel\/([\w-]{43})/.exec(mail!.text!)![1]!;
  };

  it('shows the booking, cancels it once and gives the seats back', async () => {
    await book(
      booking({
        date: '2026-11-24',
        time: '06:00 PM',
        number_of_people: '4',
        email: 'cancel@example.com',
      }),
    );
    expect(await coversOf('2026-11-24', '06:00 PM')).toBe(4);
    const token = await tokenOf('cancel@example.com');
    const shown = await r.ctx.app.inject({
      method: 'GET',
      url: `/api/booking/cancel/${token}`,
      headers: { host },
    });
    expect(shown.json().data).toEqual({
      date: '2026-11-24',
      time: '06:00 PM',
      number_of_people: '4',
      name: 'Priya Shah',
      status: 'confirmed',
      restaurant: shop.websiteName,
    });
    const cancel = () =>
      r.ctx.app.inject({ method: 'POST', url: `/api/booking/cancel/${token}`, headers: { host } });
    const first = await cancel();
    expect(first.json()).toMatchObject({
      status: 200,
      message: 'Your booking is cancelled.',
      data: { status: 'cancelled' },
    });
    expect(await coversOf('2026-11-24', '06:00 PM')).toBe(0);
    const second = await cancel();
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This booking is already cancelled.');
    expect(await coversOf('2026-11-24', '06:00 PM')).toBe(0);
  });

  it('finds nothing with a token from another shop’s booking', async () => {
    await book(booking({ date: '2026-11-25', email: 'elsewhere@example.com' }));
    const token = await tokenOf('elsewhere@example.com');
    const answer = await r.ctx.app.inject({
      method: 'POST',
      url: `/api/booking/cancel/${token}`,
      headers: { host: other.hosts[0]!.host },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('We could not find that booking.');
  });
});

describe('capacity under load', () => {
  // Each round is the whole race: more bookings at once than the slot holds, on a slot of its
  // own. The database serves at most its pool (10 connections on PostgreSQL, one on PGlite) at
  // once, so 40 at once keeps the pool full of bookings across the moment the slot fills as 200
  // did, at a fifth of the requests (200 a round took 20 s a run on a loaded two-core machine).
  it(
    'a slot of 20 covers and 40 bookings of 2 at once: 10 booked, 30 refused, 20 covers, 6 times over',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < 6; round++) {
        // Six slots of their own: three days inside the window, two times each.
        const date = `2026-12-${String((round % 3) + 1).padStart(2, '0')}`;
        const time = round < 3 ? '06:30 PM' : '08:30 PM';
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            book(booking({ date, time, email: `guest${round}-${i}@example.com` })),
          ),
        );
        const codes = answers.map((a) => a.statusCode);
        expect(codes.filter((c) => c === 200)).toHaveLength(10);
        expect(codes.filter((c) => c === 409)).toHaveLength(30);
        expect(await coversOf(date, time)).toBe(20);
        const stored = await r.ctx.db
          .select({ covers: bookings.covers })
          .from(bookings)
          .where(and(eq(bookings.date, date), eq(bookings.time, time)));
        expect(stored.reduce((sum, row) => sum + row.covers, 0)).toBe(20);
      }
    },
  );
});

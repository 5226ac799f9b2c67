import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { everyDayHours, importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 16, point 6: a reminder the day before, sent once whichever process sweeps, with a
// cancel link of its own. London is on GMT in December: 08:30 there is 08:30Z.
let at = new Date('2026-12-10T08:30:00Z');
const now = () => at;
const hours = everyDayHours('12:00', '22:00');
const shop = makeTenantDocument({ booking: { hours, coversPerSlot: 30 } });
const quiet = makeTenantDocument({ booking: { hours, coversPerSlot: 30, reminders: false } });
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;

beforeAll(async () => {
  first = await createTestApp({ now });
  second = await secondProcess(first, { now });
  await importTestTenant(first.db, shop);
  await importTestTenant(first.db, quiet);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const remindersTo = (email: string) =>
  first.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'booking_reminder')));

describe('booking reminders', () => {
  it('go out once from 9:00 the day before, with a working cancel link, and not to new or quiet shops’ bookings', async () => {
    const tenantId = (await findTenantBySlug(first.db, shop.slug))!.id;
    const quietId = (await findTenantBySlug(first.db, quiet.slug))!.id;
    const earlier = new Date('2026-12-01T12:00:00Z');
    const due = await insertTestBooking(first.db, tenantId, {
      date: '2026-12-11',
      email: 'tomorrow@example.com',
      createdAt: earlier,
    });
    await insertTestBooking(first.db, tenantId, {
      date: '2026-12-12',
      email: 'later@example.com',
      createdAt: earlier,
    });
    await insertTestBooking(first.db, tenantId, {
      date: '2026-12-11',
      email: 'cancelled@example.com',
      status: 'cancelled',
      createdAt: earlier,
    });
    await insertTestBooking(first.db, quietId, {
      date: '2026-12-11',
      email: 'quiet@example.com',
      createdAt: earlier,
    });

    // 08:30: too early in the day.
    await first.app.deskSweeper.sweep();
    expect(await remindersTo('tomorrow@example.com')).toHaveLength(0);
    // A booking made today for tomorrow has just had its confirmation.
    await insertTestBooking(first.db, tenantId, {
      date: '2026-12-11',
      email: 'booked-today@example.com',
      createdAt: new Date('2026-12-10T08:00:00Z'),
    });

    at = new Date('2026-12-10T09:05:00Z');
    await Promise.all([first.app.deskSweeper.sweep(), second.deskSweeper.sweep()]);
    await first.app.deskSweeper.sweep();
    const [reminder, ...more] = await remindersTo('tomorrow@example.com');
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe(
      `Tomorrow: your table at ${shop.websiteName}, 11/12/2026 at 07:00 PM`,
    );
    for (const email of [
      'later@example.com',
      'cancelled@example.com',
      'quiet@example.com',
      'booked-today@example.com',
    ]) {
      expect(await remindersTo(email), email).toHaveLength(0);
    }
    // The link is the shop's own host and cancels this booking.
    const link = /(https?:\/\/[^/\s]+)\/reservation\/cancel\/([\w-]{43})/.exec(
      reminder!.textBody!,
    )!;
    expect(link[1]).toBe(`http://${shop.hosts[0]!.host}`);
    const cancel = await first.app.inject({
      method: 'POST',
      url: `/api/booking/cancel/${link[2]}`,
      headers: { host: shop.hosts[0]!.host },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', date: due.date });
    const [cancelMail] = await first.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'tomorrow@example.com'),
          eq(outboxMessages.kind, 'booking_cancelled_by_guest'),
        ),
      );
    expect(cancelMail!.textBody).toContain(
      'your table for 2 on 11/12/2026 at 07:00 PM is cancelled',
    );
  });
});

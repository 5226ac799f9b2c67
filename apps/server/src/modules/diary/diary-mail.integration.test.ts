import { beforeAll, expect, it } from 'vitest';
import { insertTestBooking } from '../../../test/bookings.ts';
import { everyDayHours, makeTenantDocument } from '../../../test/factories.ts';
import { testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { useMailedApp } from '../../../test/mailed-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 16, point 2: the guest hears within a minute either way, through the real mail path
// (outbox → nodemailer → an SMTP server), with the calendar file on a confirmation.
const shop = makeTenantDocument({
  booking: {
    hours: everyDayHours('18:00', '22:00'),
    coversPerSlot: 30,
  },
});
const mailed = useMailedApp([shop], { now: testClock('2026-12-01T12:00:00Z').now });
let host: StaffAgent;
let tenantId: string;

beforeAll(async () => {
  tenantId = (await findTenantBySlug(mailed.ctx.db, shop.slug))!.id;
  host = await staffAgent(mailed.ctx.app, mailed.ctx.db, shop, 'staff', { stores: ['main'] });
});

const mailTo = (address: string, subject: string) => mailed.mailbox.mailTo(address, subject);
const move = (id: string, body: object) =>
  mailed.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${id}/status`,
    headers: host.headers,
    payload: body,
  });

it('e-mails the confirmation of a request, with its calendar file, and a decline with its reason', async () => {
  const confirmed = await insertTestBooking(mailed.ctx.db, tenantId, {
    date: '2026-12-12',
    time: '08:00 PM',
    people: '10+',
    email: 'party@example.com',
  });
  const declined = await insertTestBooking(mailed.ctx.db, tenantId, {
    date: '2026-12-12',
    time: '08:00 PM',
    people: '10+',
    email: 'no-room@example.com',
  });
  const started = Date.now();
  expect((await move(confirmed.id, { status: 'confirmed', people: 12 })).statusCode).toBe(200);
  expect(
    (await move(declined.id, { status: 'declined', reason: 'The room is taken that night' }))
      .statusCode,
  ).toBe(200);

  const yes = await mailTo('party@example.com', 'Your table at');
  expect(yes).toContain('Your table for 12 on 12/12/2026 at 08:00 PM is booked.');
  expect(yes).toContain('filename=booking.ics');
  expect(yes).toContain('text/calendar');
  const no = await mailTo('no-room@example.com', 'Your booking request at');
  expect(no).toContain('The room is taken that night');
  expect(Date.now() - started).toBeLessThan(60_000);
});

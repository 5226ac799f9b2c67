import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTestBooking } from '../../../test/bookings.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 16, point 2: the guest hears within a minute either way, through the real mail path
// (outbox → nodemailer → an SMTP server), with the calendar file on a confirmation.
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      callback();
    });
  },
});
const everyDay = [{ opens: '18:00', closes: '22:00' }];
const shop = makeTenantDocument({
  booking: {
    hours: {
      monday: everyDay,
      tuesday: everyDay,
      wednesday: everyDay,
      thursday: everyDay,
      friday: everyDay,
      saturday: everyDay,
      sunday: everyDay,
    },
    coversPerSlot: 30,
  },
});
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let host: StaffAgent;
let tenantId: string;

beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestApp({
    now: testClock('2026-12-01T12:00:00Z').now,
    messages: { smtpUrl: `smtp://127.0.0.1:${port}`, deliver: true },
  });
  await ctx.app.ready();
  await importTestTenant(ctx.db, shop);
  tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
  host = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => smtp.close(() => resolve(undefined)));
});

async function mailTo(address: string, subject: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mail = received.find((m) => m.to === address && m.raw.includes(subject));
    if (mail) return mail.raw;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} about ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const move = (id: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${id}/status`,
    headers: host.headers,
    payload: body,
  });

it('e-mails the confirmation of a request, with its calendar file, and a decline with its reason', async () => {
  const confirmed = await insertTestBooking(ctx.db, tenantId, {
    date: '2026-12-12',
    time: '08:00 PM',
    people: '10+',
    email: 'party@example.com',
  });
  const declined = await insertTestBooking(ctx.db, tenantId, {
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

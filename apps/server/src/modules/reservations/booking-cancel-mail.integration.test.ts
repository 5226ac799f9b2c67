import { expect, it } from 'vitest';
import { everyDayHours, makeTenantDocument } from '../../../test/factories.ts';
import { useMailedApp } from '../../../test/mailed-app.ts';
import { freshIp, testClock } from '../../../test/sign-in.ts';
import { unfold } from '../../../test/smtp-mailbox.ts';

// Issue 20, point 8: a guest who cancels through the e-mailed link is told so by e-mail, through
// the real mail path (outbox → nodemailer → an SMTP server).
const shop = makeTenantDocument({
  booking: {
    hours: everyDayHours('18:00', '22:00'),
    coversPerSlot: 30,
  },
});
const host = shop.hosts[0]!.host;
const mailed = useMailedApp([shop], { now: testClock('2026-12-01T12:00:00Z').now });

it('cancelling through the e-mailed link sends the guest an e-mail saying so', async () => {
  const booked = await mailed.ctx.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: { host },
    remoteAddress: freshIp(),
    payload: {
      date: '2026-12-04',
      time: '07:00 PM',
      number_of_people: '4',
      name: 'Leah Okafor',
      email: 'leah@example.com',
      phone: '07700900123',
      message: '',
    },
  });
  expect(booked.statusCode).toBe(200);
  const confirmation = unfold(await mailed.mailbox.mailTo('leah@example.com', 'Your table at'));
  const token = /\/reservation\/cancel\/([\w-]{43})/.exec(confirmation)![1]!;

  const cancelled = await mailed.ctx.app.inject({
    method: 'POST',
    url: `/api/booking/cancel/${token}`,
    headers: { host },
  });
  expect(cancelled.statusCode).toBe(200);
  const mail = unfold(await mailed.mailbox.mailTo('leah@example.com', 'is cancelled'));
  expect(mail).toContain(`Subject: Your booking at ${shop.websiteName}, 04/12/2026 at 07:00 PM,`);
  expect(mail).toContain('your table for 4 on 04/12/2026 at 07:00 PM is cancelled');
});

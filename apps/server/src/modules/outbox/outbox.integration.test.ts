import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../app.ts';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { startFakeTwilio } from '../../../test/fake-twilio.ts';
import { post } from '../../../test/sign-in.ts';
import { closedPort, startSmtpMailbox } from '../../../test/smtp-mailbox.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

// Apps (the SMTP clients) close before the servers they talk to, or a server waits for them.
const closeApps: (() => Promise<unknown>)[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closeApps.splice(0)) await close();
  for (const close of cleanups.splice(0)) await close();
});

/** A real SMTP peer on a local port, keeping each message it accepts. */
async function startSmtpServer(port?: number) {
  const mailbox = await startSmtpMailbox({ port });
  cleanups.push(mailbox.close);
  return mailbox;
}

async function appWith(options: { messages: NonNullable<AppOptions['messages']> }) {
  const ctx = await createTestApp({ messages: { ...options.messages, deliver: true } });
  await ctx.app.ready();
  const shop = await importTestTenant(ctx.db, makeTenantDocument());
  closeApps.push(() => ctx.close());
  return { ...ctx, shop, host: shop.hosts[0]!.host };
}

const QUICK_RETRY = { retryDelaysMs: [1_000, 1_000], pollMs: 100 };

const outboxRow = async (db: Awaited<ReturnType<typeof appWith>>['db'], recipient: string) =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)))[0];

describe('e-mail by SMTP', () => {
  it('delivers the code in a real SMTP conversation; the code then signs in', async () => {
    const smtp = await startSmtpServer();
    const ctx = await appWith({
      messages: { smtpUrl: smtp.url, mailFrom: 'codes@servery.test' },
    });
    const to = 'ada@example.com';
    expect((await post(ctx.app, ctx.host, '/api/register', { email: to })).statusCode).toBe(200);

    const mail = await until(async () => smtp.received[0], 'the e-mail');
    expect(mail.from).toBe('codes@servery.test');
    expect(mail.to).toEqual([to]);
    expect(mail.raw).toContain(`From: "${ctx.shop.websiteName}" <codes@servery.test>`);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const code = /sign-in code is (\d{4})\./.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{4}$/);

    const verified = await post(ctx.app, ctx.host, '/api/verify-otp', { email: to, otp: code! });
    expect(verified.statusCode).toBe(200);
    // Delivered: the record stays, the code does not.
    const row = await until(
      async () =>
        (await outboxRow(ctx.db, to))?.status === 'sent' ? outboxRow(ctx.db, to) : undefined,
      'the sent mark',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1, textBody: null, htmlBody: null });
  });

  it('keeps a message while the mail server is down and delivers it when it is back', async () => {
    // A free port, left closed for the first attempt.
    const port = await closedPort();

    // The first retry after 1 s, looked for every 100 ms (5 s and 5 s in production).
    const ctx = await appWith({
      messages: { smtpUrl: `smtp://127.0.0.1:${port}`, timing: QUICK_RETRY },
    });
    const to = 'grace@example.com';
    await post(ctx.app, ctx.host, '/api/register', { email: to });
    const failed = await until(async () => {
      const row = await outboxRow(ctx.db, to);
      return row?.lastError ? row : undefined;
    }, 'the failed attempt');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/^SMTP: /);
    expect(failed.textBody).toMatch(/sign-in code is \d{4}/);

    const smtp = await startSmtpServer(port);
    const mail = await until(async () => smtp.received[0], 'the retried e-mail');
    expect(mail.to).toEqual([to]);
    const row = await until(
      async () =>
        (await outboxRow(ctx.db, to))?.status === 'sent' ? outboxRow(ctx.db, to) : undefined,
      'the sent mark',
    );
    expect(row!.attempts).toBe(2);
  });
});

describe('text messages through Twilio', () => {
  /** Twilio's wire, closed after the test. */
  async function startTwilio(answer?: Parameters<typeof startFakeTwilio>[0]) {
    const twilio = await startFakeTwilio(answer);
    cleanups.push(twilio.close);
    return twilio;
  }

  it('posts the code to the Messages API in international form; the code then signs in', async () => {
    const twilio = await startTwilio();
    const ctx = await appWith({ messages: { twilio: twilio.options } });
    const phone = '07700900123';
    expect((await post(ctx.app, ctx.host, '/api/register', { phone })).statusCode).toBe(200);

    const request = await until(async () => twilio.requests[0], 'the SMS request');
    expect(request.url).toBe(`/2010-04-01/Accounts/${twilio.sid}/Messages.json`);
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${twilio.sid}:secret-token`).toString('base64')}`,
    );
    expect(request.form.get('To')).toBe('+447700900123');
    expect(request.form.get('From')).toBe('+447700900000');
    const code = /code is (\d{4})\./.exec(request.form.get('Body')!)?.[1];
    expect(request.form.get('Body')).toMatch(new RegExp(`@${ctx.host} #${code}$`));

    const verified = await post(ctx.app, ctx.host, '/api/verify-otp', { phone, otp: code! });
    expect(verified.statusCode).toBe(200);
  });

  it('gives up at once on a number Twilio refuses, keeping its reason', async () => {
    const twilio = await startTwilio(() => ({
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +449999999999 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    }));
    const ctx = await appWith({ messages: { twilio: twilio.options } });
    const phone = '449999999999';
    await post(ctx.app, ctx.host, '/api/register', { phone });
    const row = await until(async () => {
      // Texts go to the number's E.164 form.
      const found = await outboxRow(ctx.db, `+${phone}`);
      return found?.status === 'failed' ? found : undefined;
    }, 'the failed mark');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe(
      "Twilio answered 400 (error 21211): The 'To' number +449999999999 is not a valid phone number.",
    );
    expect(row.textBody).toBeNull();
    expect(twilio.requests).toHaveLength(1);
  });
});

import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../../app.ts';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { post } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Apps (the SMTP clients) close before the servers they talk to, or a server waits for them.
const closeApps: (() => Promise<unknown>)[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closeApps.splice(0)) await close();
  for (const close of cleanups.splice(0)) await close();
});

async function until<T>(look: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A real SMTP peer on a local port, keeping each message it accepts. */
async function startSmtpServer(port = 0) {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
  return { port: address.port, received };
}

async function appWith(options: { messages: NonNullable<AppOptions['messages']> }) {
  const ctx = await createTestApp({ messages: { ...options.messages, deliver: true } });
  await ctx.app.ready();
  const shop = await importTestTenant(ctx.db, makeTenantDocument());
  closeApps.push(() => ctx.close());
  return { ...ctx, shop, host: shop.hosts[0]!.host };
}

const outboxRow = async (db: Awaited<ReturnType<typeof appWith>>['db'], recipient: string) =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)))[0];

describe('e-mail by SMTP', () => {
  it('delivers the code in a real SMTP conversation; the code then signs in', async () => {
    const smtp = await startSmtpServer();
    const ctx = await appWith({
      messages: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'codes@servery.test' },
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
    // Find a free port, leave it closed for the first attempt.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const ctx = await appWith({ messages: { smtpUrl: `smtp://127.0.0.1:${port}` } });
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
    const mail = await until(async () => smtp.received[0], 'the retried e-mail', 20_000);
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
  /** A local server that answers like Twilio's Messages API. */
  async function startTwilio(answer: (form: URLSearchParams) => { status: number; body: object }) {
    const requests: { url: string; authorization: string; form: URLSearchParams }[] = [];
    const server: Server = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      requests.push({ url: req.url!, authorization: req.headers.authorization ?? '', form });
      const reply = answer(form);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  }
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const twilioOptions = (apiUrl: string) => ({
    accountSid: sid,
    authToken: 'secret-token',
    from: '+447700900000',
    apiUrl,
    defaultCountryCode: '44',
  });

  it('posts the code to the Messages API in international form; the code then signs in', async () => {
    const twilio = await startTwilio((form) => ({
      status: 201,
      body: {
        sid: 'SM' + '1'.repeat(32),
        status: 'queued',
        to: form.get('To'),
        body: form.get('Body'),
      },
    }));
    const ctx = await appWith({ messages: { twilio: twilioOptions(twilio.url) } });
    const phone = '07700900123';
    expect((await post(ctx.app, ctx.host, '/api/register', { phone })).statusCode).toBe(200);

    const request = await until(async () => twilio.requests[0], 'the SMS request');
    expect(request.url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${sid}:secret-token`).toString('base64')}`,
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
    const ctx = await appWith({ messages: { twilio: twilioOptions(twilio.url) } });
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

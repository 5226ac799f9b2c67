import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { post } from '../../../test/sign-in.ts';
import { startSmtpMailbox, type SmtpMailbox } from '../../../test/smtp-mailbox.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();

let platform: SmtpMailbox;
let own: SmtpMailbox;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const base = makeTenantDocument();
const plainShop = makeTenantDocument();

beforeAll(async () => {
  platform = await startSmtpMailbox();
  own = await startSmtpMailbox({ login: { user: 'shop@own.example', pass: 's3cret-pass' } });
  ctx = await createTestApp({
    messages: {
      smtpUrl: platform.url,
      mailFrom: 'no-reply@platform.example',
      deliver: true,
    },
  });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.close();
  await platform.close();
  await own.close();
});

describe('each shop speaks as itself (decision 0020)', () => {
  it('answers go to the shop’s support address, and a shop’s own server sends its mail', async () => {
    const ownShop = makeTenantDocument({
      config: {
        ...base.config,
        supportEmail: 'help@own.example',
        messaging: {
          smtp: {
            url: `smtp://shop%40own.example:s3cret-pass@127.0.0.1:${own.port}`,
            from: 'orders@own.example',
          },
        },
      },
    });
    await importTestTenant(ctx.db, ownShop);
    await importTestTenant(ctx.db, plainShop);

    const toOwn = await post(ctx.app, ownShop.hosts[0]!.host, '/api/register', {
      email: 'ann@example.com',
    });
    const toPlain = await post(ctx.app, plainShop.hosts[0]!.host, '/api/register', {
      email: 'bob@example.com',
    });
    expect([toOwn.statusCode, toPlain.statusCode]).toEqual([200, 200]);

    const ownMail = await until(
      () => own.received.find((m) => m.raw.includes('ann@example.com'))?.raw,
      "the shop's own server to receive its mail",
    );
    expect(header(ownMail, 'Reply-To')).toBe('help@own.example');
    expect(header(ownMail, 'From')).toContain('orders@own.example');
    expect(header(ownMail, 'From')).toContain(ownShop.websiteName);

    const plainMail = await until(
      () => platform.received.find((m) => m.raw.includes('bob@example.com'))?.raw,
      "the platform's server to receive the other shop's mail",
    );
    expect(header(plainMail, 'Reply-To')).toBe(plainShop.config.supportEmail);
    expect(header(plainMail, 'From')).toContain('no-reply@platform.example');
    expect(header(plainMail, 'From')).toContain(plainShop.websiteName);
    expect(platform.received.some((m) => m.raw.includes('ann@example.com'))).toBe(false);
    expect(own.received.some((m) => m.raw.includes('bob@example.com'))).toBe(false);

    // The shop drops its own server: its next mail leaves through the platform's.
    const { messaging: _dropped, ...withoutOwn } = ownShop.config;
    const renamed = `${ownShop.websiteName} Renamed`;
    await importTestTenant(ctx.db, { ...ownShop, websiteName: renamed, config: withoutOwn });
    // Every process hears of the change (NOTIFY) and forgets what it kept of the shop.
    const host = ownShop.hosts[0]!.host;
    const config = () =>
      ctx.app.inject({ method: 'GET', url: '/api/loadconfig', headers: { host } });
    for (let tries = 0; (await config()).json().data.websiteName !== renamed; tries++) {
      if (tries > 100) throw new Error('the change never reached the cache');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const again = await post(ctx.app, host, '/api/register', { email: 'cat@example.com' });
    expect(again.statusCode).toBe(200);
    const moved = await until(
      () => platform.received.find((m) => m.raw.includes('cat@example.com'))?.raw,
      "the platform's server to receive the shop's mail once it has no server of its own",
    );
    expect(header(moved, 'Reply-To')).toBe('help@own.example');
    expect(own.received.some((m) => m.raw.includes('cat@example.com'))).toBe(false);
  });
});

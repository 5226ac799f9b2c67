import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTenantDocument } from '@servery/contract/tenant-document';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { post } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

const EMAIL_ONLY = 'This shop sends sign-in codes by e-mail: enter your e-mail address';
const base = makeTenantDocument();
const emailOnlyShop = makeTenantDocument({
  config: { ...base.config, messaging: { signInChannels: ['email'] } },
});
const bothShop = makeTenantDocument();

const channelsAt = async (app: Awaited<ReturnType<typeof createTestApp>>['app'], host: string) =>
  (await app.inject({ method: 'GET', url: '/api/loadconfig', headers: { host } })).json().data
    .signInChannels;

describe('sign-in channels per shop (decision 0020)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    await importTestTenant(ctx.db, emailOnlyShop);
    await importTestTenant(ctx.db, bothShop);
  });
  afterAll(() => ctx.close());

  it('refuses a phone number at an e-mail-only shop on register and resend, with the field message', async () => {
    const host = emailOnlyShop.hosts[0]!.host;
    for (const url of ['/api/register', '/api/resend-otp']) {
      const answer = await post(ctx.app, host, url, { phone: '07700900123' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        status: 400,
        message: EMAIL_ONLY,
        data: null,
        errors: { phone: EMAIL_ONLY },
      });
    }
    expect(
      (await post(ctx.app, host, '/api/register', { email: 'ann@example.com' })).statusCode,
    ).toBe(200);
  });

  it('tells the web app which channels each shop takes', async () => {
    expect(await channelsAt(ctx.app, emailOnlyShop.hosts[0]!.host)).toEqual(['email']);
    expect(await channelsAt(ctx.app, bothShop.hosts[0]!.host)).toEqual(['email', 'sms']);
    expect(
      (await post(ctx.app, bothShop.hosts[0]!.host, '/api/register', { phone: '07700900123' }))
        .statusCode,
    ).toBe(200);
  });

  it('validates the settings: known channels, each once, and a mail server URL and address', () => {
    const withMessaging = (messaging: unknown) =>
      ZTenantDocument.safeParse({ ...base, config: { ...base.config, messaging } }).success;
    expect(withMessaging({ signInChannels: ['email'] })).toBe(true);
    expect(withMessaging({ signInChannels: [] })).toBe(false);
    expect(withMessaging({ signInChannels: ['email', 'email'] })).toBe(false);
    expect(withMessaging({ signInChannels: ['whatsapp'] })).toBe(false);
    expect(
      withMessaging({ smtp: { url: 'smtps://u:p@mail.example.com:465', from: 'a@example.com' } }),
    ).toBe(true);
    expect(withMessaging({ smtp: { url: 'http://mail.example.com', from: 'a@example.com' } })).toBe(
      false,
    );
    expect(
      withMessaging({ smtp: { url: 'smtp://mail.example.com', from: 'not an address' } }),
    ).toBe(false);
  });
});

describe('production without Twilio (decision 0020)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ production: true });
    await importTestTenant(ctx.db, emailOnlyShop);
    await importTestTenant(ctx.db, bothShop);
  });
  afterAll(() => ctx.close());

  it('refuses a phone number clearly, takes e-mail, and offers e-mail only', async () => {
    const host = bothShop.hosts[0]!.host;
    const answer = await post(ctx.app, host, '/api/register', { phone: '07700900123' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      status: 503,
      message: 'Text messages are not available here. Please use your e-mail address instead.',
      errors: {
        phone: 'Text messages are not available here. Please use your e-mail address instead.',
      },
    });
    expect(
      (await post(ctx.app, host, '/api/register', { email: 'ann@example.com' })).statusCode,
    ).toBe(200);
    expect(await channelsAt(ctx.app, host)).toEqual(['email']);
    // The e-mail-only shop says so first, as everywhere.
    const there = await post(ctx.app, emailOnlyShop.hosts[0]!.host, '/api/register', {
      phone: '07700900123',
    });
    expect(there.json()).toMatchObject({ status: 400, errors: { phone: EMAIL_ONLY } });
  });
});

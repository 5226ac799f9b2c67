import { describe, expect, it } from 'vitest';
import { answerCheckOf, readEnv, trustProxyOf, twilioConfigured } from './env.ts';

describe('the environment', () => {
  it('has defaults for a newcomer: port 3000, ./data, development', () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    expect(readEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = readEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable with its value and what it must be', () => {
    expect(() =>
      readEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DEFAULT_TENANT: 'My Shop',
      }),
    ).toThrowError(
      [
        'Servery cannot start: bad environment variables',
        '  PORT="eighty": Invalid input: expected number, received NaN',
        '  DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// connection URL',
        '  DEFAULT_TENANT="My Shop": must be the slug of a tenant, such as demo',
        '  LOG_LEVEL="loud": Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
      ].join('\n'),
    );
  });
});

/** Everything production asks for: a key, SMTP, Twilio and Stripe. */
const complete = {
  NODE_ENV: 'production',
  SECRET_KEY: 'k'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com:587',
  TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+447700900000',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

describe('messages and secrets in production', () => {
  it('starts with a key, SMTP and Twilio', () => {
    expect(readEnv(complete).SMTP_URL).toBe('smtp://mail.example.com:587');
  });

  it('refuses to start without a real transport or key, naming what is missing', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrowError(
      [
        'Servery cannot start: settings missing',
        '  SECRET_KEY: the key sign-in codes are hashed with',
        '  SMTP_URL: e-mail delivery (sign-in codes sent by e-mail)',
        '  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: card payments (or DEMO_PAYMENTS=true for a demo that takes test cards only)',
      ].join('\n'),
    );
  });

  it('starts without Twilio: text messages are optional (decision 0020)', () => {
    const {
      TWILIO_ACCOUNT_SID: _sid,
      TWILIO_AUTH_TOKEN: _token,
      TWILIO_FROM: _from,
      ...withoutTwilio
    } = complete;
    const env = readEnv(withoutTwilio);
    expect(env.NODE_ENV).toBe('production');
    expect(twilioConfigured(env)).toBe(false);
  });

  it('refuses half a Twilio configuration anywhere', () => {
    expect(() => readEnv({ TWILIO_AUTH_TOKEN: 'token' })).toThrowError(
      'TWILIO_ACCOUNT_SID, TWILIO_FROM: text messages need all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM',
    );
  });

  it('takes a VAPID key pair for Web Push whole, and refuses half of one or a bad key', () => {
    const publicKey = `B${'x'.repeat(86)}`;
    const privateKey = 'y'.repeat(43);
    const env = readEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(env.VAPID_PUBLIC_KEY).toBe(publicKey);
    expect(() => readEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrowError(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: Web Push needs both keys of the pair, or neither',
    );
    expect(() => readEnv({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: privateKey })).toThrowError(
      'VAPID_PUBLIC_KEY="abc": must be a P-256 public key in base64url (87 characters)',
    );
    expect(() => readEnv({ VAPID_SUBJECT: 'http://shop.test' })).toThrowError(
      'must be a mailto: or https:// address',
    );
  });

  it('lets a demo deployment take test cards only when it says so', () => {
    const {
      STRIPE_SECRET_KEY: _s,
      STRIPE_PUBLISHABLE_KEY: _p,
      STRIPE_WEBHOOK_SECRET: _w,
      ...noStripe
    } = complete;
    expect(() => readEnv(noStripe)).toThrowError(/card payments/);
    expect(readEnv({ ...noStripe, DEMO_PAYMENTS: 'true' }).DEMO_PAYMENTS).toBe('true');
  });

  it('lets development run on the log transport', () => {
    expect(readEnv({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('reads as Fastify’s trustProxy: all, a hop count, or addresses', () => {
    expect(trustProxyOf(readEnv({}))).toBeUndefined();
    expect(trustProxyOf(readEnv({ TRUST_PROXY: 'true' }))).toBe(true);
    const twoHops = trustProxyOf(readEnv({ TRUST_PROXY: '2' })) as (
      a: string,
      hop: number,
    ) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOf(readEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }))).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => readEnv({ TRUST_PROXY: 'yes please' })).toThrowError(/TRUST_PROXY/);
  });
});

describe('ANSWER_CHECK', () => {
  it('checks every answer outside production and a sample in it, unless told', () => {
    expect(answerCheckOf(readEnv({}))).toBe('every');
    expect(answerCheckOf(readEnv({ NODE_ENV: 'test' }))).toBe('every');
    expect(answerCheckOf(readEnv(complete))).toBe('sample');
    expect(answerCheckOf(readEnv({ ...complete, ANSWER_CHECK: 'every' }))).toBe('every');
    expect(answerCheckOf(readEnv({ ANSWER_CHECK: 'sample' }))).toBe('sample');
    expect(() => readEnv({ ANSWER_CHECK: 'never' })).toThrowError(/ANSWER_CHECK/);
  });
});

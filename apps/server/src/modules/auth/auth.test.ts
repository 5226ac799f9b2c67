import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSessions, outboxMessages, otpChallenges } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, latestCode, post, signIn, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const clock = testClock();
const shop = makeTenantDocument();
const sixDigitShop = makeTenantDocument();
sixDigitShop.config.otpLength = 6;
const host = shop.hosts[0]!.host;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let n = 0;
/** A contact nobody else in this file uses. */
const email = () => `guest${++n}@example.com`;
const phone = () => `07700${String(900000 + ++n).padStart(6, '0')}`;
/** Where a text to a number typed in UK form goes, and what the customer's record keeps. */
const e164 = (typed: string) => `+44${typed.slice(1)}`;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, sixDigitShop);
});
afterAll(() => ctx.close());

const register = (payload: object, ip?: string) =>
  post(ctx.app, host, '/api/register', payload, ip);
const resend = (payload: object, ip?: string) =>
  post(ctx.app, host, '/api/resend-otp', payload, ip);
const verify = (payload: object, ip?: string) =>
  post(ctx.app, host, '/api/verify-otp', payload, ip);
const getCustomer = (token: string, onHost = host) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/customer',
    headers: { host: onHost, authorization: `Bearer ${token}` },
  });
const sessionCount = async () => (await ctx.db.select({ n: count() }).from(customerSessions))[0]!.n;
const messagesTo = async (recipient: string) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
  )[0]!.n;

/** A code that is not the right one. */
const wrong = (code: string) =>
  String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

describe('sign-in by e-mail and by phone', () => {
  it('registers, sends a code by e-mail, signs in and reads and updates the profile', async () => {
    const contact = email();
    const registered = await register({ email: contact.toUpperCase() });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({
      status: 200,
      message: 'We have sent you a code.',
      data: {
        channel: 'email',
        contact,
        otp_length: 4,
        resend_in: 60,
        expires_in_minutes: 10,
      },
    });

    const [message] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, contact));
    expect(message).toMatchObject({ channel: 'email', kind: 'otp', status: 'pending' });
    expect(message!.senderName).toBe(shop.websiteName);
    expect(message!.subject).toMatch(new RegExp(`^Your ${shop.websiteName} sign-in code: \\d{4}$`));
    expect(message!.htmlBody).toContain('<!doctype html>');

    const otp = await latestCode(ctx.db, contact);
    const verified = await verify({ email: contact, otp });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.message).toBe('You are signed in.');
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(new Date(body.data.expires_at).getTime()).toBe(clock.now().getTime() + 30 * 24 * HOUR);
    expect(body.data.customer).toMatchObject({
      first_name: '',
      last_name: '',
      email: contact,
      email_verified: true,
      phone: null,
      phone_verified: false,
      marketing_consent: false,
    });
    expect(body.data.customer.referral_code).toMatch(/^[A-Z0-9]{8}$/);

    const token: string = body.data.token;
    const profile = await getCustomer(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toEqual(body.data.customer);

    const updated = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { host, authorization: `Bearer ${token}` },
      payload: {
        first_name: ' Priya ',
        last_name: 'Shah',
        phone: '07700900123',
        marketing_consent: true,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      status: 200,
      message: 'Your details have been saved.',
      data: {
        first_name: 'Priya',
        last_name: 'Shah',
        email: contact,
        phone: '07700900123',
        phone_verified: false,
        marketing_consent: true,
      },
    });
    expect((await getCustomer(token)).json().data.first_name).toBe('Priya');
  });

  it('signs in by phone, and the same phone later finds the same customer', async () => {
    const contact = phone();
    const first = await signIn(ctx.app, ctx.db, host, { phone: contact });
    expect(first.customer).toMatchObject({
      phone: e164(contact),
      phone_verified: true,
      email: null,
    });
    clock.advance(2 * MINUTE);
    const again = await signIn(ctx.app, ctx.db, host, { phone: contact });
    expect(again.customer.id).toBe(first.customer.id);
    expect(again.token).not.toBe(first.token);
    // Both browsers stay signed in.
    expect((await getCustomer(first.token)).statusCode).toBe(200);
    expect((await getCustomer(again.token)).statusCode).toBe(200);
  });

  it('writes the SMS with the code and the line browsers use to fill it in', async () => {
    const contact = phone();
    await register({ phone: contact });
    const [message] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, e164(contact)));
    expect(message!.channel).toBe('sms');
    expect(message!.textBody).toMatch(
      new RegExp(
        `^Your ${shop.websiteName} sign-in code is (\\d{4})\\..*\\n\\n@${host} #\\1$`,
        's',
      ),
    );
  });

  it('answers a contact nobody has used exactly like a known one', async () => {
    const known = email();
    await signIn(ctx.app, ctx.db, host, { email: known });
    clock.advance(2 * MINUTE);
    const unknown = email();
    const a = await register({ email: known });
    const b = await register({ email: unknown });
    expect(a.statusCode).toBe(b.statusCode);
    expect({ ...a.json(), data: { ...a.json().data, contact: 'x' } }).toEqual({
      ...b.json(),
      data: { ...b.json().data, contact: 'x' },
    });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  it('sends six-digit codes for a shop that asks for them', async () => {
    const contact = email();
    const sixHost = sixDigitShop.hosts[0]!.host;
    const registered = await post(ctx.app, sixHost, '/api/register', { email: contact });
    expect(registered.json().data.otp_length).toBe(6);
    const otp = await latestCode(ctx.db, contact);
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await post(ctx.app, sixHost, '/api/verify-otp', { email: contact, otp });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps only a keyed hash of the code', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    const [challenge] = await ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.contact, contact));
    expect(challenge!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge!.codeHash).not.toContain(otp);
  });
});

describe('codes that must not sign in', () => {
  it('a wrong code: 400 with the tries left, and no session', async () => {
    const contact = email();
    await register({ email: contact });
    const before = await sessionCount();
    const answer = await verify({ email: contact, otp: wrong(await latestCode(ctx.db, contact)) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      status: 400,
      message: 'That code is not right. You have 4 tries left.',
      data: null,
      errors: { otp: 'That code is not right. You have 4 tries left.' },
    });
    expect(await sessionCount()).toBe(before);
  });

  it('an expired code: ten minutes after sending', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    clock.advance(10 * MINUTE);
    const answer = await verify({ email: contact, otp });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'This code has expired or was replaced. Please ask for a new one.',
    );
  });

  it('a code already used', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    expect((await verify({ email: contact, otp })).statusCode).toBe(200);
    const again = await verify({ email: contact, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was replaced/);
  });

  it('a code from an older challenge, once a new one was sent', async () => {
    const contact = email();
    await register({ email: contact });
    const older = await latestCode(ctx.db, contact);
    clock.advance(61 * SECOND);
    expect((await resend({ email: contact })).statusCode).toBe(200);
    const newer = await latestCode(ctx.db, contact);
    if (older !== newer) {
      expect((await verify({ email: contact, otp: older })).statusCode).toBe(400);
    }
    expect((await verify({ email: contact, otp: newer })).statusCode).toBe(200);
  });

  it('a code from another contact', async () => {
    const mine = email();
    const theirs = email();
    await register({ email: mine });
    await register({ email: theirs });
    const otp = await latestCode(ctx.db, theirs);
    const mineCode = await latestCode(ctx.db, mine);
    if (otp !== mineCode) {
      expect((await verify({ email: mine, otp })).statusCode).toBe(400);
    }
  });

  it('a 4-digit code stops after the third wrong try of the day; the next has 6 digits and 5 tries', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    const messages = [];
    for (let i = 0; i < 3; i++) {
      messages.push((await verify({ email: contact, otp: wrong(otp) })).json().message);
    }
    expect(messages).toEqual([
      'That code is not right. You have 4 tries left.',
      'That code is not right. You have 3 tries left.',
      'That code is not right, and it has been tried too often. Please ask for a new one.',
    ]);
    expect((await verify({ email: contact, otp })).json().message).toMatch(
      /expired or was replaced/,
    );

    clock.advance(61 * SECOND);
    const resent = await resend({ email: contact });
    expect(resent.json().data.otp_length).toBe(6);
    const long = await latestCode(ctx.db, contact);
    expect(long).toMatch(/^\d{6}$/);
    const more = [];
    for (let i = 0; i < 5; i++) {
      more.push((await verify({ email: contact, otp: wrong(long) })).json().message);
    }
    expect(more.at(0)).toBe('That code is not right. You have 4 tries left.');
    expect(more.at(-1)).toBe(
      'That code is not right, and it has been tried too often. Please ask for a new one.',
    );
    expect((await verify({ email: contact, otp: long })).statusCode).toBe(400);
  });

  it('ten wrong codes from one network lock that network for 24 hours, not the customer', async () => {
    const contact = email();
    const start = clock.now();
    const attacker = (n: number) => `198.18.7.${n}`;
    await register({ email: contact }, attacker(1));
    let code = await latestCode(ctx.db, contact);
    let tenth;
    for (let i = 1; i <= 10; i++) {
      const answer = await verify({ email: contact, otp: wrong(code) }, attacker(i));
      if (/ask for a new one/.test(answer.json().message)) {
        clock.advance(61 * SECOND);
        await resend({ email: contact }, attacker(i));
        code = await latestCode(ctx.db, contact);
      }
      tenth = answer;
    }
    // The tenth failure shuts the attacker's network out; the answer says until when.
    expect(tenth!.statusCode).toBe(429);
    const until = new Date(start.getTime() + 24 * HOUR);
    const londonTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      day: 'numeric',
      month: 'long',
    }).format(until);
    expect(tenth!.json().message).toBe(
      `Too many incorrect codes. For your security, signing in with this contact is locked until ${londonTime}.`,
    );
    clock.advance(2 * MINUTE);
    const sentBefore = await messagesTo(contact);
    expect((await register({ email: contact }, attacker(20))).statusCode).toBe(429);
    expect((await verify({ email: contact, otp: code }, attacker(21))).statusCode).toBe(429);
    expect(await messagesTo(contact)).toBe(sentBefore);

    // The real customer, at home on another network, asks for a fresh code and signs in.
    const home = '192.0.2.77';
    const fresh = await register({ email: contact }, home);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.otp_length).toBe(6);
    const signedIn = await verify({ email: contact, otp: await latestCode(ctx.db, contact) }, home);
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('sending limits', () => {
  it('refuses a resend inside 60 seconds with Retry-After; a repeated register sends nothing', async () => {
    const contact = email();
    await register({ email: contact });
    clock.advance(20 * SECOND);
    const early = await resend({ email: contact });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json()).toEqual({
      status: 429,
      message: 'Please wait 40 seconds before asking for a new code.',
      data: null,
    });
    const again = await register({ email: contact });
    expect(again.statusCode).toBe(200);
    // Nothing new is sent, and the answer says so instead of claiming a new code went out.
    expect(again.json().message).toBe(
      'We sent you a code a moment ago and it is still valid. Please enter that code.',
    );
    expect(again.json().data.resend_in).toBe(40);
    expect(await messagesTo(contact)).toBe(1);

    clock.advance(40 * SECOND);
    expect((await resend({ email: contact })).statusCode).toBe(200);
    expect(await messagesTo(contact)).toBe(2);
  });

  it('signing out and straight back in is a fresh sign-in, not a resend', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    expect((await verify({ email: contact, otp })).statusCode).toBe(200);
    clock.advance(5 * SECOND);

    const back = await register({ email: contact });
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('We have sent you a code.');
    expect(back.json().data.resend_in).toBe(60);
    expect(await messagesTo(contact)).toBe(2);

    // The new code sets the cooldown again: a resend straight after it is still refused.
    expect((await resend({ email: contact })).statusCode).toBe(429);
    const second = await latestCode(ctx.db, contact);
    expect((await verify({ email: contact, otp: second })).statusCode).toBe(200);
  });

  it('keeps the cooldown after a code that was tried too often', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(ctx.db, contact);
    for (let i = 0; i < 3; i++) await verify({ email: contact, otp: wrong(otp) }, freshIp());
    clock.advance(5 * SECOND);
    const again = await register({ email: contact });
    expect(again.statusCode).toBe(429);
    expect(await messagesTo(contact)).toBe(1);
  });

  it('caps codes per contact: five an hour', async () => {
    const contact = phone();
    for (let i = 0; i < 5; i++) {
      expect((await resend({ phone: contact })).statusCode).toBe(200);
      clock.advance(61 * SECOND);
    }
    const sixth = await resend({ phone: contact });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      'Too many codes have been sent. Please try again in 55 minutes.',
    );
    expect(Number(sixth.headers['retry-after'])).toBe(HOUR / 1000 - 5 * 61);
    expect(await messagesTo(e164(contact))).toBe(5);
  });

  it('caps codes per IP address: twenty an hour, whatever the contacts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await register({ email: email() }, ip)).statusCode).toBe(200);
    }
    const next = email();
    const refused = await register({ email: next }, ip);
    expect(refused.statusCode).toBe(429);
    expect(await messagesTo(next)).toBe(0);
    // Another address is not held back by it.
    expect((await register({ email: next }, freshIp())).statusCode).toBe(200);
    clock.advance(HOUR);
  });
});

describe('sessions', () => {
  it('refuses a missing, unknown or expired token with 401', async () => {
    const noToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer',
      headers: { host },
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ status: 401, message: 'Please sign in again.', data: null });
    expect((await getCustomer('x'.repeat(43))).statusCode).toBe(401);

    const user = await signIn(ctx.app, ctx.db, host, { email: email() });
    clock.advance(30 * 24 * HOUR - SECOND);
    expect((await getCustomer(user.token)).statusCode).toBe(200);
    clock.advance(SECOND);
    expect((await getCustomer(user.token)).statusCode).toBe(401);
  });

  it('refuses a token from another shop', async () => {
    const user = await signIn(ctx.app, ctx.db, host, { email: email() });
    const elsewhere = await getCustomer(user.token, sixDigitShop.hosts[0]!.host);
    expect(elsewhere.statusCode).toBe(401);
  });

  it('checks the token before the body', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { host },
      payload: { first_name: 42 },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('bad bodies, answered field by field', () => {
  it.each([
    [{}, { phone: 'Send either a phone number or an email, not both or neither' }],
    [{ email: 'not-an-email' }, { email: 'Enter a valid email' }],
    [{ phone: '12345' }, { phone: 'Enter a valid phone number' }],
    [{ phone: 7700900123 }, { phone: 'Enter a valid phone number' }],
    [
      { email: 'a@example.com', phone: '07700900123' },
      { phone: 'Send either a phone number or an email, not both or neither' },
    ],
    [
      { email: 'a@example.com', referral_code: 'nope' },
      { referral_code: 'Enter a valid referral code' },
    ],
  ])('register %j', async (payload, errors) => {
    const answer = await register(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual(errors);
    expect(answer.json().message).toMatch(/^Check the request body: /);
  });

  it.each([
    [{ email: 'a@example.com' }, { otp: 'Enter the code you were sent' }],
    [{ email: 'a@example.com', otp: '12a4' }, { otp: 'Enter the code you were sent' }],
    [{ email: 'a@example.com', otp: '12345' }, { otp: 'Enter the code you were sent' }],
    [{ otp: '1234' }, { phone: 'Send either a phone number or an email, not both or neither' }],
  ])('verify-otp %j', async (payload, errors) => {
    const answer = await verify(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual(errors);
  });

  it('profile updates', async () => {
    const user = await signIn(ctx.app, ctx.db, host, { phone: phone() });
    const update = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/customer',
        headers: { host, authorization: `Bearer ${user.token}` },
        payload,
      });
    const bad = await update({ first_name: '', email: 'nope', marketing_consent: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      first_name: 'First name is required',
      email: 'Enter a valid email',
      marketing_consent: 'Marketing consent must be true or false',
    });
    const signInContact = await update({ phone: '07700111222' });
    expect(signInContact.statusCode).toBe(400);
    expect(signInContact.json().errors).toEqual({
      phone: 'You sign in with this phone number, so it cannot be changed here',
    });
    expect((await getCustomer(user.token)).json().data.phone).toBe(user.customer.phone);
  });
});

describe('referrals', () => {
  it('counts a friend who signs up with the link', async () => {
    const inviter = await signIn(ctx.app, ctx.db, host, { email: email() });
    const friend = email();
    await register({ email: friend, referral_code: inviter.customer.referral_code.toLowerCase() });
    const otp = await latestCode(ctx.db, friend);
    expect((await verify({ email: friend, otp })).statusCode).toBe(200);
    const referral = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/referral',
      headers: { host, authorization: `Bearer ${inviter.token}` },
    });
    expect(referral.json().data).toEqual({
      referral_code: inviter.customer.referral_code,
      friends_joined: 1,
    });
  });
});

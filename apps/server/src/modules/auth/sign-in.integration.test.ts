import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, otpChallenges } from '../../db/schema.ts';
import { e164, HOUR, MINUTE, useAuthShop } from '../../../test/auth-shop.ts';
import { latestCode, post, signIn } from '../../../test/sign-in.ts';

const auth = useAuthShop();
const { clock, shop, sixDigitShop, host, email, phone, register, getCustomer, verify } = auth;

describe('sign-in by e-mail and by phone', () => {
  it('registers, sends a code by e-mail, signs in and reads the profile', async () => {
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

    const [message] = await auth.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, contact));
    expect(message).toMatchObject({ channel: 'email', kind: 'otp', status: 'pending' });
    expect(message!.senderName).toBe(shop.websiteName);
    expect(message!.subject).toMatch(new RegExp(`^Your ${shop.websiteName} sign-in code: \\d{4}$`));
    expect(message!.htmlBody).toContain('<!doctype html>');

    const otp = await latestCode(auth.ctx.db, contact);
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

    // What the customer reads back is what signing in answered (updates: customers/profile).
    const profile = await getCustomer(body.data.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toEqual(body.data.customer);
  });

  it('signs in by phone, and the same phone later finds the same customer', async () => {
    const contact = phone();
    const first = await signIn(auth.ctx.app, auth.ctx.db, host, { phone: contact });
    expect(first.customer).toMatchObject({
      phone: e164(contact),
      phone_verified: true,
      email: null,
    });
    clock.advance(2 * MINUTE);
    const again = await signIn(auth.ctx.app, auth.ctx.db, host, { phone: contact });
    expect(again.customer.id).toBe(first.customer.id);
    expect(again.token).not.toBe(first.token);
    // Both browsers stay signed in.
    expect((await getCustomer(first.token)).statusCode).toBe(200);
    expect((await getCustomer(again.token)).statusCode).toBe(200);
  });

  it('writes the SMS with the code and the line browsers use to fill it in', async () => {
    const contact = phone();
    await register({ phone: contact });
    const [message] = await auth.ctx.db
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
    await signIn(auth.ctx.app, auth.ctx.db, host, { email: known });
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
    const registered = await post(auth.ctx.app, sixHost, '/api/register', { email: contact });
    expect(registered.json().data.otp_length).toBe(6);
    const otp = await latestCode(auth.ctx.db, contact);
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await post(auth.ctx.app, sixHost, '/api/verify-otp', { email: contact, otp });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps only a keyed hash of the code', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(auth.ctx.db, contact);
    const [challenge] = await auth.ctx.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.contact, contact));
    expect(challenge!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge!.codeHash).not.toContain(otp);
  });
});

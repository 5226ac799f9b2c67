import { describe, expect, it } from 'vitest';
import { e164, HOUR, SECOND, useAuthShop, wrong } from '../../../test/auth-shop.ts';
import { freshIp, latestCode } from '../../../test/sign-in.ts';

const auth = useAuthShop();
const { clock, email, phone, register, resend, verify, messagesTo } = auth;

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
    const otp = await latestCode(auth.ctx.db, contact);
    expect((await verify({ email: contact, otp })).statusCode).toBe(200);
    clock.advance(5 * SECOND);

    const back = await register({ email: contact });
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('We have sent you a code.');
    expect(back.json().data.resend_in).toBe(60);
    expect(await messagesTo(contact)).toBe(2);

    // The new code sets the cooldown again: a resend straight after it is still refused.
    expect((await resend({ email: contact })).statusCode).toBe(429);
    const second = await latestCode(auth.ctx.db, contact);
    expect((await verify({ email: contact, otp: second })).statusCode).toBe(200);
  });

  it('keeps the cooldown after a code that was tried too often', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(auth.ctx.db, contact);
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

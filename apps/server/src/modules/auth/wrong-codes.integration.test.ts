import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, SECOND, useAuthShop, wrong } from '../../../test/auth-shop.ts';
import { latestCode } from '../../../test/sign-in.ts';

const auth = useAuthShop();
const { clock, email, register, resend, verify, messagesTo, sessionsOf } = auth;

describe('codes that must not sign in', () => {
  it('a wrong code: 400 with the tries left, and no session', async () => {
    const contact = email();
    await register({ email: contact });
    const answer = await verify({
      email: contact,
      otp: wrong(await latestCode(auth.ctx.db, contact)),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      status: 400,
      message: 'That code is not right. You have 4 tries left.',
      data: null,
      errors: { otp: 'That code is not right. You have 4 tries left.' },
    });
    expect(await sessionsOf(contact)).toBe(0);
  });

  it('an expired code: ten minutes after sending', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(auth.ctx.db, contact);
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
    const otp = await latestCode(auth.ctx.db, contact);
    expect((await verify({ email: contact, otp })).statusCode).toBe(200);
    const again = await verify({ email: contact, otp });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was replaced/);
  });

  it('a code from an older challenge, once a new one was sent', async () => {
    const contact = email();
    await register({ email: contact });
    const older = await latestCode(auth.ctx.db, contact);
    clock.advance(61 * SECOND);
    expect((await resend({ email: contact })).statusCode).toBe(200);
    const newer = await latestCode(auth.ctx.db, contact);
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
    const otp = await latestCode(auth.ctx.db, theirs);
    const mineCode = await latestCode(auth.ctx.db, mine);
    if (otp !== mineCode) {
      expect((await verify({ email: mine, otp })).statusCode).toBe(400);
    }
  });

  it('a 4-digit code stops after the third wrong try of the day; the next has 6 digits and 5 tries', async () => {
    const contact = email();
    await register({ email: contact });
    const otp = await latestCode(auth.ctx.db, contact);
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
    const long = await latestCode(auth.ctx.db, contact);
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
    let code = await latestCode(auth.ctx.db, contact);
    let tenth;
    for (let i = 1; i <= 10; i++) {
      const answer = await verify({ email: contact, otp: wrong(code) }, attacker(i));
      if (/ask for a new one/.test(answer.json().message)) {
        clock.advance(61 * SECOND);
        await resend({ email: contact }, attacker(i));
        code = await latestCode(auth.ctx.db, contact);
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
      `Too many incorrect codes for this contact were typed from your network, so it cannot sign in from here until ${londonTime}. On another network (mobile data, say) you can ask for a new code and sign in as usual.`,
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
    const signedIn = await verify(
      { email: contact, otp: await latestCode(auth.ctx.db, contact) },
      home,
    );
    expect(signedIn.statusCode).toBe(200);
  });
});

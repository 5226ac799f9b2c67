import { describe, expect, it } from 'vitest';
import { HOUR, SECOND, useAuthShop } from '../../../test/auth-shop.ts';
import { signIn } from '../../../test/sign-in.ts';

const auth = useAuthShop();
const { clock, sixDigitShop, host, email, register, verify, getCustomer } = auth;

describe('sessions', () => {
  it('refuses a missing, unknown or expired token with 401', async () => {
    const noToken = await auth.ctx.app.inject({
      method: 'GET',
      url: '/api/customer',
      headers: { host },
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ status: 401, message: 'Please sign in again.', data: null });
    expect((await getCustomer('x'.repeat(43))).statusCode).toBe(401);

    const user = await signIn(auth.ctx.app, auth.ctx.db, host, { email: email() });
    clock.advance(30 * 24 * HOUR - SECOND);
    expect((await getCustomer(user.token)).statusCode).toBe(200);
    clock.advance(SECOND);
    expect((await getCustomer(user.token)).statusCode).toBe(401);
  });

  it('refuses a token from another shop', async () => {
    const user = await signIn(auth.ctx.app, auth.ctx.db, host, { email: email() });
    const elsewhere = await getCustomer(user.token, sixDigitShop.hosts[0]!.host);
    expect(elsewhere.statusCode).toBe(401);
  });

  it('checks the token before the body', async () => {
    const answer = await auth.ctx.app.inject({
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
});

import { describe, expect, it } from 'vitest';
import { useAuthShop } from '../../../test/auth-shop.ts';
import { latestCode, signIn } from '../../../test/sign-in.ts';

const auth = useAuthShop();
const { host, email, phone, register, verify, getCustomer } = auth;

describe('the profile', () => {
  it('reads and updates the signed-in customer’s profile', async () => {
    const contact = email();
    const user = await signIn(auth.ctx.app, auth.ctx.db, host, { email: contact });
    const token = user.token;
    const profile = await getCustomer(token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toEqual(user.customer);

    const updated = await auth.ctx.app.inject({
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

  it('answers bad profile updates field by field', async () => {
    const user = await signIn(auth.ctx.app, auth.ctx.db, host, { phone: phone() });
    const update = (payload: object) =>
      auth.ctx.app.inject({
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

  it('takes the sign-in number back as the checkout sends it (447…) or as typed (07…)', async () => {
    const user = await signIn(auth.ctx.app, auth.ctx.db, host, { phone: phone() });
    const stored = user.customer.phone!;
    expect(stored).toMatch(/^\+44\d{10}$/);
    for (const written of [stored.slice(1), `0${stored.slice(3)}`]) {
      const answer = await auth.ctx.app.inject({
        method: 'POST',
        url: '/api/customer',
        headers: { host, authorization: `Bearer ${user.token}` },
        payload: { first_name: 'Ada', phone: written },
      });
      expect(answer.statusCode, written).toBe(200);
      expect(answer.json().data).toMatchObject({ first_name: 'Ada', phone: stored });
    }
  });
});

describe('referrals', () => {
  it('counts a friend who signs up with the link', async () => {
    const inviter = await signIn(auth.ctx.app, auth.ctx.db, host, { email: email() });
    const friend = email();
    await register({ email: friend, referral_code: inviter.customer.referral_code.toLowerCase() });
    const otp = await latestCode(auth.ctx.db, friend);
    expect((await verify({ email: friend, otp })).statusCode).toBe(200);
    const referral = await auth.ctx.app.inject({
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

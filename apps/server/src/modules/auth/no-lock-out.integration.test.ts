import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpFailures } from '../../db/schema.ts';
import { SECOND, useAuthShop } from '../../../test/auth-shop.ts';
import { latestCode } from '../../../test/sign-in.ts';

// Issue 31, point 1, for customers: a hundred wrong codes from ten /24 networks do not stop
// the customer, on a network that has not failed, from signing in with a fresh code.
const auth = useAuthShop();
const { clock, email, register, verify, sessionsOf } = auth;

const failuresOf = async (contact: string) =>
  (
    await auth.ctx.db
      .select({ n: count() })
      .from(otpFailures)
      .where(and(eq(otpFailures.contact, contact)))
  )[0]!.n;

describe('wrong codes from ten networks', () => {
  it('do not lock the customer out of a network that has not failed', async () => {
    const contact = email();
    await register({ email: contact }, '192.0.2.50');
    const live = await latestCode(auth.ctx.db, contact);
    const answers = new Map<number, number>();
    for (let net = 1; net <= 10; net++) {
      for (let i = 1; i <= 10; i++) {
        const otp = String(1000 + net * 10 + i);
        if (otp === live) continue;
        const answer = await verify({ email: contact, otp }, `203.0.${net}.${i}`);
        answers.set(answer.statusCode, (answers.get(answer.statusCode) ?? 0) + 1);
      }
    }
    // Only guesses at a live code count: a four-digit code dies at the third wrong one, and
    // the rest were told to ask for a new code (nobody can guess at a code that is not there).
    expect(await failuresOf(contact)).toBe(3);
    expect(answers.get(200)).toBeUndefined();

    // At home, on a network that never failed: a fresh (six-digit) code, and signed in.
    clock.advance(61 * SECOND);
    const home = '198.51.100.77';
    const fresh = await register({ email: contact }, home);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.otp_length).toBe(6);
    const signedIn = await verify(
      { email: contact, otp: await latestCode(auth.ctx.db, contact) },
      home,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(await sessionsOf(contact)).toBe(1);
  });
});

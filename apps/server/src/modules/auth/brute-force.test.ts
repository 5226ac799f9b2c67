import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerSessions, otpFailures } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { latestCode, post, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const clock = testClock();
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

/**
 * An attacker with many IP addresses (so no per-IP limit helps) tries every 4-digit code
 * against one victim, asking for a fresh code whenever the last one dies and waiting out every
 * cooldown. The guess equal to the live code is skipped: with 10 checks the attacker's luck is
 * 10 in 10,000 a day, and the test is about how many guesses are ever checked, not about luck.
 */
it('10,000 guesses against one contact: at most 10 are checked against a live code, and no session', async () => {
  const victim = 'victim@example.com';
  let ip = 0;
  const from = () => `203.0.${(++ip >> 8) & 255}.${ip & 255}`;
  const answers = new Map<number, number>();
  const tally = (status: number) => answers.set(status, (answers.get(status) ?? 0) + 1);

  expect((await post(ctx.app, host, '/api/register', { email: victim }, from())).statusCode).toBe(
    200,
  );
  let live = await latestCode(ctx.db, victim);
  let checked = 0;
  for (let guess = 0; guess < 10_000; guess++) {
    const otp = String(guess).padStart(4, '0');
    if (otp === live) continue;
    const answer = await post(ctx.app, host, '/api/verify-otp', { email: victim, otp }, from());
    tally(answer.statusCode);
    if (answer.statusCode === 400 && /not right/.test(answer.json().message)) checked++;
    if (answer.statusCode === 400 && /ask for a new one/.test(answer.json().message)) {
      // The code is dead: wait out the cooldown and ask for another, as an attacker would.
      clock.advance(61_000);
      const resent = await post(ctx.app, host, '/api/resend-otp', { email: victim }, from());
      if (resent.statusCode === 200) live = await latestCode(ctx.db, victim);
    }
  }

  expect(checked).toBeLessThanOrEqual(10);
  expect(answers.get(200)).toBeUndefined();
  // Everything after the tenth failure is refused unchecked.
  expect(answers.get(429)).toBeGreaterThan(9_900);
  const [failures] = await ctx.db
    .select({ n: count() })
    .from(otpFailures)
    .where(eq(otpFailures.contact, victim));
  expect(failures!.n).toBeLessThanOrEqual(10);
  const [sessions] = await ctx.db.select({ n: count() }).from(customerSessions);
  expect(sessions!.n).toBe(0);
});

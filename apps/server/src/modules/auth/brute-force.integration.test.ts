import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerSessions, otpFailures, outboxMessages } from '../../db/schema.ts';
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
 * An attacker with any number of networks (a new /24 for every request, so neither the per-IP
 * nor the per-network limit helps) guesses against one victim, asking for a fresh code whenever
 * the last one dies and waiting out every cooldown. The guess equal to the live code is skipped:
 * the test is about how many guesses are ever checked, not about luck. Decision 9's arithmetic:
 * at most 3 checks against a 4-digit code and 697 against 6-digit ones a day, a chance of
 * 3/10,000 + 697/1,000,000 < 0.1 % a day.
 *
 * 160 guesses are enough: with a network of its own for every guess the attacker has spent all
 * ten codes a contact gets in a day by about guess 100 (asserted below: every later guess is
 * refused unchecked). (It made 2,000 from 256 addresses of a /24 at a time, 40 s of
 * a run, most of them refused by the per-network lock.)
 */
it('160 guesses from rotating networks: at most 3 short and 700 checks in all, and no session', async () => {
  const victim = 'victim@example.com';
  let network = 0;
  // A /24 of its own each time: 100.0.1.7, 100.0.2.7, …
  const from = () => `${100 + (++network >> 16)}.${(network >> 8) & 255}.${network & 255}.7`;
  const answers = new Map<number, number>();
  const tally = (status: number) => answers.set(status, (answers.get(status) ?? 0) + 1);

  expect((await post(ctx.app, host, '/api/register', { email: victim }, from())).statusCode).toBe(
    200,
  );
  let live = await latestCode(ctx.db, victim);
  let checked = 0;
  let checkedShort = 0;
  let lastCheckAt = 0;
  for (let guess = 0; guess < 160; guess++) {
    const otp = String(guess).padStart(live.length, '0');
    if (otp === live) continue;
    const answer = await post(ctx.app, host, '/api/verify-otp', { email: victim, otp }, from());
    tally(answer.statusCode);
    if (answer.statusCode === 400 && /not right/.test(answer.json().message)) {
      checked++;
      lastCheckAt = guess;
      if (live.length === 4) checkedShort++;
    }
    if (answer.statusCode === 400 && /ask for a new one/.test(answer.json().message)) {
      // The code is dead: wait out the cooldown and ask for another, as an attacker would.
      clock.advance(61_000);
      const resent = await post(ctx.app, host, '/api/resend-otp', { email: victim }, from());
      if (resent.statusCode === 200) live = await latestCode(ctx.db, victim);
    }
  }

  // The attack used the day's ten codes, and went on long after its last checked guess.
  const sent = await ctx.db
    .select({ n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, victim));
  expect(sent[0]!.n).toBe(10);
  expect(lastCheckAt).toBeLessThan(130);
  expect(checkedShort).toBeLessThanOrEqual(3);
  expect(checked).toBeLessThanOrEqual(700);
  expect(answers.get(200)).toBeUndefined();
  // The rest were refused unchecked: no live code (ten codes a day at most) or locked.
  expect((answers.get(400) ?? 0) + (answers.get(429) ?? 0)).toBe(
    [...answers.values()].reduce((a, b) => a + b, 0),
  );
  const [failures] = await ctx.db
    .select({ n: count() })
    .from(otpFailures)
    .where(eq(otpFailures.contact, victim));
  expect(failures!.n).toBeLessThanOrEqual(700);
  const [sessions] = await ctx.db.select({ n: count() }).from(customerSessions);
  expect(sessions!.n).toBe(0);
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE_SENT_MESSAGE, STAFF_CODE_WRONG_MESSAGE } from '@servery/contract/staff';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, testClock } from '../../../test/sign-in.ts';
import { addStaff, latestStaffCode, signInStaff } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { NETWORK_REFUSED_MESSAGE } from './staff-sign-in-limits.ts';

// Issue 31, points 1 and 4: no lock-out from ten networks, and no wait for a second device.
const clock = testClock();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
const origin = `http://${host}`;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const askCode = (email: string, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers: { host, origin },
    payload: { email },
    remoteAddress: ip,
  });
const tryCode = (email: string, otp: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: { host, origin },
    payload: { email, otp },
    remoteAddress: ip,
  });
const codesTo = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'staff_otp')))
  ).length;

describe('wrong staff codes from many networks', () => {
  it('100 wrong codes from ten /24s do not stop the owner on a network that has not failed', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'owner');
    // Ten wrong codes from each of ten networks: no code needed, no e-mail sent.
    for (let net = 1; net <= 10; net++) {
      for (let i = 1; i <= 10; i++) {
        const answer = await tryCode(email, '123456', `203.0.${net}.${i}`);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(STAFF_CODE_WRONG_MESSAGE);
      }
    }
    expect(await codesTo(email)).toBe(0);
    // Every one of those networks is refused now, with a message that says what still works.
    const refused = await tryCode(email, '123456', '203.0.4.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(NETWORK_REFUSED_MESSAGE);
    // A new network of the attacker's gets one wrong try, then it is one that failed.
    expect((await tryCode(email, '123456', '198.18.40.1')).statusCode).toBe(400);
    expect((await tryCode(email, '123456', '198.18.40.2')).statusCode).toBe(429);

    // The owner, on a network that never failed, gets a fresh code, types it, and is in.
    clock.advance(61_000);
    const home = '192.0.2.10';
    expect((await askCode(email, home)).json().message).toBe(STAFF_CODE_SENT_MESSAGE);
    const signedIn = await tryCode(email, await latestStaffCode(ctx.db, email), home);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.staff.email).toBe(email);
    // A refused network is refused even with the right code: it is not told which is right.
    clock.advance(61_000);
    await askCode(email, home);
    const late = await tryCode(email, await latestStaffCode(ctx.db, email), '203.0.7.9');
    expect(late.statusCode).toBe(429);
  });
});

describe('signing in on a second device', () => {
  it('sends a new code at once after each sign-in, past five an hour, and says when it sends none', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    // Tablet, phone, office computer, …: seven sign-ins within a few minutes.
    for (let device = 1; device <= 7; device++) {
      const agent = await signInStaff(ctx.app, ctx.db, host, email);
      expect(agent.cookie).toMatch(/^servery_staff=/);
      clock.advance(20_000);
    }
    expect(await codesTo(email)).toBe(7);

    // A code not used yet holds the next one back for a minute, and the answer says so.
    await askCode(email);
    const again = await askCode(email);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      'If this address belongs to a member of staff, a code was e-mailed to it less than a minute ago, so no new one was sent. Use the code in the newest e-mail, or ask again in 60 seconds.',
    );
    expect(await codesTo(email)).toBe(8);
    // An unknown address gets the very same answers.
    await askCode('not-staff@example.com');
    expect((await askCode('not-staff@example.com')).json()).toEqual(again.json());
  });

  it('stops at five unused codes an hour, and says when the next may be asked for', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'manager');
    for (let i = 0; i < 5; i++) {
      expect((await askCode(email)).json().message).toBe(STAFF_CODE_SENT_MESSAGE);
      clock.advance(61_000);
    }
    const capped = await askCode(email);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().message).toBe(
      'If this address belongs to a member of staff, it has been e-mailed 5 codes in the last hour, so no new one was sent. Use the code in the newest e-mail, or ask again in 55 minutes.',
    );
    expect(await codesTo(email)).toBe(5);
    // The newest code still works.
    const ip = freshIp();
    expect((await tryCode(email, await latestStaffCode(ctx.db, email), ip)).statusCode).toBe(200);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE_SENT_MESSAGE, STAFF_CODE_WRONG_MESSAGE } from '@servery/contract/staff';
import { outboxMessages, staffSessions } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, signIn, testClock } from '../../../test/sign-in.ts';
import { addStaff, latestStaffCode, signInStaff } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeTenantDocument();
const otherShop = makeTenantDocument();
const host = shop.hosts[0]!.host;
const origin = `http://${host}`;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, otherShop);
});
afterAll(() => ctx.close());

const askCode = (email: string, ip = freshIp(), h = host) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers: { host: h, origin: `http://${h}` },
    payload: { email },
    remoteAddress: ip,
  });
const tryCode = (email: string, otp: string, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: { host, origin },
    payload: { email, otp },
    remoteAddress: ip,
  });
const messagesTo = (email: string) =>
  ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));

describe('staff sign-in', () => {
  it('e-mails a 6-digit code to staff and gives the same answer for an unknown address', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'manager');
    const known = await askCode(email);
    const unknown = await askCode('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 200, message: STAFF_CODE_SENT_MESSAGE, data: null });
    expect(unknown.json()).toEqual(known.json());
    expect(await latestStaffCode(ctx.db, email)).toMatch(/^\d{6}$/);
    expect(await messagesTo('nobody-here@example.com')).toHaveLength(0);
    const [mail] = await messagesTo(email);
    // The link is the shop's own origin, not whatever Host the request carried.
    expect(mail!.textBody).toContain(`http://${host}/admin`);
  });

  it('signs in with the code: an HttpOnly, SameSite=Strict cookie and who is signed in', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff', { name: 'Priya Shah' });
    await askCode(email);
    const res = await tryCode(email, await latestStaffCode(ctx.db, email));
    expect(res.statusCode).toBe(200);
    const [cookie, hint] = res.headers['set-cookie'] as [string, string];
    expect(cookie).toMatch(
      /^servery_staff=[\w-]{40,}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    // Beside it, for as long, the hint the page reads (decision 83): no token in it.
    expect(hint).toBe('servery_staff_signed_in=1; Max-Age=43200; Path=/; SameSite=Strict');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.data.staff).toMatchObject({ email, name: 'Priya Shah', role: 'staff' });
    expect(body.data.permissions).toEqual(['orders:run', 'bookings:run', 'menu:availability']);
    // The session is kept as a hash only.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await ctx.db.select().from(staffSessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { host, cookie: cookie.split(';')[0]! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.staff.name).toBe('Priya Shah');
  });

  it('answers a wrong code, an unknown address and a used code alike, and a code works once', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    await askCode(email);
    const code = await latestStaffCode(ctx.db, email);
    const wrong = await tryCode(email, code === '000000' ? '111111' : '000000');
    const unknown = await tryCode('nobody-else@example.com', code);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STAFF_CODE_WRONG_MESSAGE);
    expect(unknown.json()).toEqual(wrong.json());
    expect((await tryCode(email, code)).statusCode).toBe(200);
    expect((await tryCode(email, code)).json().message).toBe(STAFF_CODE_WRONG_MESSAGE);
  });

  it('does not let one network lock the real person out, and caps guesses a day for everyone', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'owner');
    // An attacker on one /24 guesses until that network is refused.
    let refused;
    for (let i = 0; i < 12; i++) {
      refused = await tryCode(email, String(100000 + i), `203.0.113.${i + 1}`);
    }
    expect(refused!.statusCode).toBe(429);
    // The owner, on another network, still signs in with a fresh code.
    clock.advance(61_000);
    const agent = await signInStaff(ctx.app, ctx.db, host, email, '198.51.100.7');
    expect(agent.cookie).toMatch(/^servery_staff=/);
  });

  it('sends a fresh code at once after a sign-in, but not while the last code is unused', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    await signInStaff(ctx.app, ctx.db, host, email);
    const first = (await messagesTo(email)).length;
    // Signed in (say, then out): asking again is a new sign-in, not a resend.
    await askCode(email);
    expect(await messagesTo(email)).toHaveLength(first + 1);
    // The new code is unused: within the minute nothing more is sent, and it still works.
    await askCode(email);
    expect(await messagesTo(email)).toHaveLength(first + 1);
    expect((await tryCode(email, await latestStaffCode(ctx.db, email))).statusCode).toBe(200);
  });

  it('refuses a change that does not come from the shop’s own origin', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    for (const headers of [{ host }, { host, origin: 'http://evil.example' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/session/code',
        headers,
        payload: { email },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/did not come from the staff application/);
    }
    expect(await messagesTo(email)).toHaveLength(0);
  });

  it('ends a session after 12 idle hours, keeps a used one alive, and signs out', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    const agent = await signInStaff(ctx.app, ctx.db, host, email);
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/admin/session', headers: agent.headers });
    clock.advance(11 * 3600_000);
    const stillIn = await me();
    expect(stillIn.statusCode).toBe(200);
    // Using it moved the expiry on, and the browser's cookie and its hint with it.
    expect(stillIn.headers['set-cookie']).toEqual([
      expect.stringMatching(/^servery_staff=[\w-]+; Max-Age=43200;/),
      expect.stringMatching(/^servery_staff_signed_in=1; Max-Age=43200;/),
    ]);
    clock.advance(11 * 3600_000);
    expect((await me()).statusCode).toBe(200);
    clock.advance(12 * 3600_000 + 1000);
    const ended = await me();
    expect(ended.statusCode).toBe(401);
    // The browser still sent its cookie (one the browser kept too long): both it and the hint end.
    expect(ended.headers['set-cookie']).toEqual([
      'servery_staff=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
      'servery_staff_signed_in=; Max-Age=0; Path=/; SameSite=Strict',
    ]);
    // A browser that never signed in is told nothing of cookies.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { host },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();

    const again = await signInStaff(ctx.app, ctx.db, host, email);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: again.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toEqual([
      'servery_staff=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
      'servery_staff_signed_in=; Max-Age=0; Path=/; SameSite=Strict',
    ]);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: again.headers,
    });
    expect(after.statusCode).toBe(401);
  });

  it('does not accept one shop’s session at another shop, nor a customer’s bearer token', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'owner');
    const agent = await signInStaff(ctx.app, ctx.db, host, email);
    const otherHost = otherShop.hosts[0]!.host;
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { host: otherHost, cookie: agent.cookie },
    });
    expect(elsewhere.statusCode).toBe(401);
    const customer = await signIn(ctx.app, ctx.db, host, { email: 'diner@example.com' });
    const bearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { host, authorization: `Bearer ${customer.token}` },
    });
    expect(bearer.statusCode).toBe(401);
    // The same address at the other shop is another account, with nothing there.
    await askCode(email, freshIp(), otherHost);
    const sent = await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'staff_otp')));
    expect(sent).toHaveLength(1);
  });
});

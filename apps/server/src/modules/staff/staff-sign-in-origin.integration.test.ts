import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, testClock } from '../../../test/sign-in.ts';
import { addStaff } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 31, point 6: the staff Origin check compares scheme and host with the shop's host as
// resolved, behind a trusted proxy the X-Forwarded-Host and -Proto it sets.
const clock = testClock();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;

beforeAll(async () => {
  // The proxy is 127.0.0.1 (one hop); inject's default remote address.
  ctx = await createTestApp({ now: clock.now, trustProxy: ['127.0.0.1'] });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const askCode = (email: string, headers: Record<string, string>, remoteAddress = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers,
    payload: { email },
    remoteAddress,
  });
const mailsTo = async (email: string) =>
  (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).length;

describe('the staff Origin check', () => {
  it('refuses an Origin of another scheme on the same host', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'manager');
    const refused = await askCode(email, { host, origin: `https://${host}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This request did not come from the staff application of this shop.',
    );
    expect(await mailsTo(email)).toBe(0);
    expect((await askCode(email, { host, origin: `http://${host}` })).statusCode).toBe(200);
  });

  it('behind a trusted proxy, compares with the forwarded host and scheme', async () => {
    const email = await addStaff(ctx.db, shop.slug, 'manager');
    const viaProxy = {
      host: '10.0.0.5:3000',
      'x-forwarded-host': host,
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.23',
    };
    const ok = await askCode(email, { ...viaProxy, origin: `https://${host}` }, '127.0.0.1');
    expect(ok.statusCode).toBe(200);
    expect(await mailsTo(email)).toBe(1);
    // The proxy's own Host, or the plain-HTTP page, is not the shop's origin.
    for (const origin of ['https://10.0.0.5:3000', `http://${host}`, 'https://evil.example']) {
      const refused = await askCode(email, { ...viaProxy, origin }, '127.0.0.1');
      expect(refused.statusCode).toBe(403);
    }
    // Forwarded headers from anybody but the proxy are not believed.
    const untrusted = await askCode(email, { ...viaProxy, origin: `https://${host}` });
    expect(untrusted.statusCode).not.toBe(200);
    expect(await mailsTo(email)).toBe(1);
  });
});

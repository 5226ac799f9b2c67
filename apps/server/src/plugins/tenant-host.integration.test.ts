import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

// Which shop a request is for, from its Host (or, behind a trusted proxy, X-Forwarded-Host):
// the same answer for the same header every time, however often it has been seen.
const shopA = makeTenantDocument();
const shopB = makeTenantDocument();
const hostA = shopA.hosts[0]!.host;
const hostB = shopB.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ trustProxy: true });
  await importTestTenant(ctx.db, shopA);
  await importTestTenant(ctx.db, shopB);
});
afterAll(() => ctx.close());

async function shopNamed(headers: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/loadconfig', headers });
  return { status: res.statusCode, name: res.json().data?.websiteName };
}

describe('the shop a Host names', () => {
  it('is the same each time, whatever the case, port or final dot of the header', async () => {
    for (const host of [hostA, hostA.toUpperCase(), `${hostA}.:8080`, hostA, hostA.toUpperCase()]) {
      expect(await shopNamed({ host }), host).toEqual({ status: 200, name: shopA.websiteName });
    }
  });

  it('refuses a bad Host every time it comes, and an unknown one finds no shop', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await shopNamed({ host: `${hostA}@evil.example` })).status).toBe(400);
      expect((await shopNamed({ host: 'nobody.shop.test' })).status).toBe(404);
    }
  });

  it('behind a trusted proxy is the forwarded host, even for a Host seen before', async () => {
    expect(await shopNamed({ host: hostA })).toEqual({ status: 200, name: shopA.websiteName });
    expect(await shopNamed({ host: hostA, 'x-forwarded-host': hostB })).toEqual({
      status: 200,
      name: shopB.websiteName,
    });
    expect(await shopNamed({ host: hostA })).toEqual({ status: 200, name: shopA.websiteName });
  });
});

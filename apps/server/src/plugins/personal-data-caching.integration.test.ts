import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { freshIp, latestCode, post } from '../../test/sign-in.ts';
import { staffAgent } from '../../test/staff.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 12, point 8: no cache anywhere keeps a copy of an answer with personal data.
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

it('sends no-store with the sign-in answer and every customer and staff answer', async () => {
  const email = `diner-${Date.now()}@example.com`;
  await post(ctx.app, host, '/api/register', { email });
  const verified = await post(ctx.app, host, '/api/verify-otp', {
    email,
    otp: await latestCode(ctx.db, email),
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.headers['cache-control']).toBe('no-store');
  token = verified.json().data.token;
  for (const url of [
    '/api/customer',
    '/api/customer-addresses',
    '/api/orders',
    '/api/customer/referral',
    '/api/customer/export',
  ]) {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { host, authorization: `Bearer ${token}` },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-store');
  }
  const owner = await staffAgent(ctx.app, ctx.db, shop, 'owner');
  for (const url of [
    '/api/admin/session',
    '/api/admin/staff',
    '/api/admin/audit',
    '/api/admin/newsletter/subscribers',
  ]) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(res.headers['cache-control'], url).toBe('no-store');
  }
});

it('leaves the shop’s public answers cacheable by revalidation', async () => {
  for (const url of ['/api/home', '/api/store']) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { host } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).not.toBe('no-store');
  }
});

it('sends no-store when the request line names the whole URL (absolute form)', async () => {
  // RFC 9112 §3.2.2: `GET http://shop/api/customer HTTP/1.1` is the same request as
  // `GET /api/customer`; app.inject cannot send it, so this goes over HTTP.
  const email = `absolute-${Date.now()}@example.com`;
  await post(ctx.app, host, '/api/register', { email });
  const verified = await post(ctx.app, host, '/api/verify-otp', {
    email,
    otp: await latestCode(ctx.db, email),
  });
  const bearer = verified.json().data.token as string;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const answer = await new Promise<{ status: number; cacheControl: unknown; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `http://${host}/api/customer`,
          headers: { host, authorization: `Bearer ${bearer}` },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode!, cacheControl: res.headers['cache-control'], body }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).data.email).toBe(email);
  expect(answer.cacheControl).toBe('no-store');
});

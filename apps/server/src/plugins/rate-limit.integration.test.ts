import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { findTenantBySlug } from '../modules/tenants/tenants.repository.ts';
import { importTestTenant } from '../../test/factories.ts';
import { createTestApp, fixtureWebDist } from '../../test/test-app.ts';

// Redis runs on every development and CI machine (architecture.md "Stack and machine traps").
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let redis: Redis;
let host: string;
let tenantId: string;

beforeAll(async () => {
  // Two server processes, as behind a load balancer: one database, one Redis.
  first = await createTestApp({ redisUrl });
  second = await buildApp({ database: first.database, webDistDir: fixtureWebDist, redisUrl });
  const doc = await importTestTenant(first.db);
  host = doc.hosts[0]!.host;
  tenantId = (await findTenantBySlug(first.db, doc.slug))!.id;
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  // The counters of this run carry its new tenant's id: remove them and nothing else.
  const keys = await redis.keys(`servery:rate-limit:*${tenantId}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await second.close();
  await first.close();
});

const subscribe = (app: typeof second, n: number, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/subscribe',
    headers: { host },
    payload: { email: `shared-${n}@example.com` },
    remoteAddress,
  });

describe('rate limits with REDIS_URL', () => {
  it('share one counter between server processes', async () => {
    const ip = '192.0.2.10';
    const apps = [first.app, second, first.app, second, first.app];
    for (const [n, app] of apps.entries()) {
      expect((await subscribe(app, n, ip)).statusCode, `request ${n + 1}`).toBe(200);
    }
    for (const app of [second, first.app]) {
      const res = await subscribe(app, 6, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(
        `Too many requests. Please try again in ${res.headers['retry-after']} seconds.`,
      );
    }
    expect((await subscribe(second, 7, '192.0.2.11')).statusCode).toBe(200);
    expect(await redis.keys(`servery:rate-limit:*${tenantId}:192.0.2.10`)).toHaveLength(1);
  });

  it('refuses to start when Redis cannot be reached, naming REDIS_URL', async () => {
    await expect(
      buildApp({
        database: first.database,
        webDistDir: fixtureWebDist,
        redisUrl: 'redis://:secret@127.0.0.1:1',
      }),
    ).rejects.toThrow(/^Cannot reach Redis at REDIS_URL \(redis:\/\/:\*\*\*@127\.0\.0\.1:1\)/);
  });
});

describe('when Redis goes away while running', () => {
  it('refuses sign-in codes with 503 (fail closed) and keeps the newsletter form open', async () => {
    // A TCP relay to Redis that the test can cut, as a network failure would.
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as AddressInfo;
    const app = await buildApp({
      database: first.database,
      webDistDir: fixtureWebDist,
      redisUrl: `redis://127.0.0.1:${port}`,
    });
    try {
      const register = (n: number) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          headers: { host },
          payload: { email: `cut-${n}@example.com` },
          remoteAddress: `192.0.2.${40 + n}`,
        });
      expect((await register(1)).statusCode).toBe(200);
      relay.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await register(2);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json().message).toMatch(/^Signing in is paused for a moment/);
      const staffCode = await app.inject({
        method: 'POST',
        url: '/api/admin/session/code',
        headers: { host, origin: `http://${host}` },
        payload: { email: 'owner@example.com' },
      });
      expect(staffCode.statusCode).toBe(503);
      // A form where a missed limit costs little still works.
      expect((await subscribe(app, 99, '192.0.2.60')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('counts each client by the address the proxy reports, not the proxy’s own', async () => {
    const ctx = await createTestApp({ trustProxy: true });
    try {
      const doc = await importTestTenant(ctx.db);
      const from = (client: string, n: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/subscribe',
          headers: { host: doc.hosts[0]!.host, 'x-forwarded-for': client },
          payload: { email: `proxied-${n}@example.com` },
          remoteAddress: '10.0.0.2',
        });
      // Six visitors through one balancer: none is held back by the others.
      for (let n = 0; n < 6; n++) expect((await from(`203.0.113.${n}`, n)).statusCode).toBe(200);
      // One visitor six times: the sixth is refused.
      for (let n = 0; n < 5; n++) expect((await from('198.51.100.7', 10 + n)).statusCode).toBe(200);
      expect((await from('198.51.100.7', 20)).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

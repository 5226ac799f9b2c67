import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { createTestApp, secondProcess } from '../../test/test-app.ts';

// Issue 31, point 6: the front door's key and its switch. Over real HTTP: app.inject never
// reaches the server's request event, where the door stands.
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let shut: Awaited<ReturnType<typeof secondProcess>>;
let base: string;
let shutBase: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  shut = await secondProcess(ctx, {
    frontDoor: readEnv({ FRONT_DOOR: 'off' }).FRONT_DOOR === 'on',
  });
  await shut.listen({ port: 0, host: '127.0.0.1' });
  shutBase = `http://127.0.0.1:${(shut.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await shut.close();
  await ctx.close();
});

function get(url: string, hostHeader: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host: hostHeader } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front door’s key', () => {
  it('does not answer another Host and path that join to a kept key', async () => {
    // Kept, then replayed, for the shop's own Host and path.
    expect((await get(`${base}/api/loadconfig`, host)).status).toBe(200);
    const before = ctx.app.frontDoor.replayed;
    expect((await get(`${base}/api/loadconfig`, host)).status).toBe(200);
    expect(ctx.app.frontDoor.replayed).toBe(before + 1);

    // `Host: <host>/api` + `/loadconfig` once joined to the same key and got the shop's config.
    const forged = await get(`${base}/loadconfig`, `${host}/api`);
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({
      status: 400,
      message: 'The Host header is not a valid host name.',
    });
    expect(ctx.app.frontDoor.replayed).toBe(before + 1);
  });

  it('is shut by FRONT_DOOR=off: the framework answers every request', async () => {
    expect(readEnv({}).FRONT_DOOR).toBe('on');
    for (let i = 0; i < 3; i++) {
      const answer = await get(`${shutBase}/api/loadconfig`, host);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data).toBeTruthy();
    }
    expect(shut.frontDoor.replayed).toBe(0);
    expect(shut.frontDoor.kept).toEqual({ answers: 0, bytes: 0 });
  });
});

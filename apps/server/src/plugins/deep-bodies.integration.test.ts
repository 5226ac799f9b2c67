import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';
import { freshIp, signIn } from '../../test/sign-in.ts';
import { createTestApp } from '../../test/test-app.ts';
import { MAX_INPUT_DEPTH } from './control-characters.ts';

// Issue 31, point 2: the deepest, widest and longest bodies a JSON route can be sent.
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
const logLines: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({ logger: { level: 'info', stream } });
  await importTestTenant(ctx.db, shop);
  token = (await signIn(ctx.app, ctx.db, host, { email: 'deep@example.com' })).token;
});
afterAll(() => ctx.close());

const routes: { url: string; headers: () => Record<string, string> }[] = [
  { url: '/api/register', headers: () => ({ host }) },
  { url: '/api/order', headers: () => ({ host, authorization: `Bearer ${token}` }) },
  { url: '/api/admin/session/code', headers: () => ({ host, origin: `http://${host}` }) },
];
const send = (route: (typeof routes)[number], body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: route.url,
    headers: { ...route.headers(), 'content-type': 'application/json' },
    payload: body,
    remoteAddress: freshIp(),
  });

const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const DEPTH_MESSAGE = `The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels of brackets).`;

describe('deep, wide and long bodies', () => {
  it.each(routes)('$url refuses 30,000 nested brackets with a 400, not a 500', async (route) => {
    for (const body of [nestedArrays(30_000), nestedObjects(10_000)]) {
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await send(route, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: DEPTH_MESSAGE, data: null });
    }
  });

  it.each(routes)(
    '$url takes a body just inside the depth limit to its own checks',
    async (route) => {
      const res = await send(route, nestedArrays(MAX_INPUT_DEPTH));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toBe(DEPTH_MESSAGE);
      const deeper = await send(route, nestedArrays(MAX_INPUT_DEPTH + 1));
      expect(deeper.json().message).toBe(DEPTH_MESSAGE);
    },
  );

  it.each(routes)('$url answers the widest and the longest bodies with a 4xx', async (route) => {
    const wideArray = `[${'0,'.repeat(30_000)}0]`;
    const wideObject = `{${Array.from({ length: 5000 }, (_, i) => `"k${i}":0`).join(',')}}`;
    const longString = JSON.stringify({ email: `${'a'.repeat(60_000)}@example.com` });
    for (const body of [wideArray, wideObject, longString]) {
      const res = await send(route, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, data: null });
    }
    const tooLong = await send(route, JSON.stringify({ email: 'a'.repeat(70_000) }));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ status: 413, data: null });
  });

  it('writes no error-level log for any of these client errors', () => {
    const levels = logLines.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });
});

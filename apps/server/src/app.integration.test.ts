import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importTestTenant } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

/** Log lines the app writes, to check what stays in the log and out of answers. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let host: string;

beforeAll(async () => {
  ctx = await createTestApp({ logger: { level: 'info', stream: logStream } });
  // Routes that exist only in this test, to reach the error handler with real bodies.
  ctx.app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ name: z.string().min(1), people: z.number().int().min(1).max(10) }),
      },
    },
    async (request) => ({ status: 200, message: 'ok', data: request.body }),
  );
  ctx.app.get('/api/test/bug', async () => {
    throw new Error('database password is hunter2');
  });
  const doc = await importTestTenant(ctx.db);
  host = doc.hosts[0]!.host;
});
afterAll(() => ctx.close());

const post = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { host, 'content-type': contentType },
    payload,
  });

describe('the response envelope', () => {
  it('wraps success as { status, message, data } with status equal to the HTTP status', async () => {
    const res = await post(JSON.stringify({ name: 'Asha', people: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'ok', data: { name: 'Asha', people: 2 } });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await post('{"name": "Asha",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'The request body is not valid JSON.',
      data: null,
    });
  });

  it('answers wrong types with a 400 naming the field', async () => {
    const res = await post(JSON.stringify({ name: 'Asha', people: 'two' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.message).toMatch(/^Check the request body: people: /);
    expect(Object.keys(body.errors)).toEqual(['people']);
  });

  it('answers missing fields with a 400 naming each of them', async () => {
    const res = await post(JSON.stringify({}));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'people']);
    expect(res.json().message).toContain('name');
  });

  it('answers a missing body as a 400, not a crash', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });

  it('answers an oversized body with a 413 that gives the limit', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(70 * 1024), people: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: 413,
      message: 'The request body is too large; the limit is 64 KB.',
      data: null,
    });
  });

  it('answers a body that is not JSON with a 415', async () => {
    const res = await post('name=Asha', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      status: 415,
      message: 'Send the request body as JSON, with Content-Type: application/json.',
      data: null,
    });
  });

  it('answers an unknown /api path with a JSON 404, never the web page', async () => {
    const res = await ctx.app.inject({
      url: '/api/no-such-thing',
      headers: { host, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      status: 404,
      message: 'There is nothing at GET /api/no-such-thing.',
      data: null,
    });
  });

  it('answers a bug with a generic 500; the details go to the log only, under the request id', async () => {
    const res = await ctx.app.inject({
      url: '/api/test/bug',
      headers: { host, 'x-request-id': 'req-bug-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      message: 'Something went wrong on our side. Please try again. (Reference req-bug-1)',
      data: null,
    });
    expect(res.body).not.toContain('hunter2');
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === 'req-bug-1' && entry.err);
    expect(logged.err.message).toBe('database password is hunter2');
  });
});

describe('headers and request ids', () => {
  it('sends the security headers with every answer', async () => {
    const res = await ctx.app.inject({ url: '/api/home', headers: { host } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('echoes a well-formed request id and replaces any other', async () => {
    const given = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await ctx.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per answer with method, path, status and request id', async () => {
    await ctx.app.inject({ url: '/api/home', headers: { host, 'x-request-id': 'req-log-1' } });
    const lines = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === 'req-log-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'GET',
      url: '/api/home',
      status: 200,
      msg: 'request',
    });
  });
});

describe('serving the web app', () => {
  it('answers any page path with index.html, revalidated on every visit', async () => {
    for (const path of [
      '/',
      '/menu',
      '/store/abc/product-details/42',
      '/cookiepolicy',
      '/first-brand',
    ]) {
      const res = await ctx.app.inject({ url: path, headers: { host, accept: 'text/html' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers a path that is no page of the shop with a 404, still with the page', async () => {
    const res = await ctx.app.inject({
      url: '/no-such-page',
      headers: { host, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-4f2c9a.js', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('fixture bundle');
  });

  it('sends the precompressed copy the browser accepts', async () => {
    const res = await ctx.app.inject({
      url: '/assets/app-4f2c9a.js',
      headers: { host, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('fixture bundle');
    const plain = await ctx.app.inject({ url: '/assets/app-4f2c9a.js', headers: { host } });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const res = await ctx.app.inject({ url: '/assets/gone-123.js', headers: { host } });
    expect(res.statusCode).toBe(404);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({
      status: 200,
      message: 'ok',
      data: null,
    });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 200,
      message: 'ready',
      data: null,
    });
  });

  it('answers /readyz with 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 503,
      message: 'The database is not reachable',
      data: null,
    });
    await other.app.close();
  });
});

describe('GET /api/openapi.json', () => {
  it('is the OpenAPI document of every route, generated from the contract', async () => {
    const ctx = await createTestApp();
    try {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { host: 'any.example' },
      });
      expect(answer.statusCode).toBe(200);
      const doc = answer.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of [
        '/api/register',
        '/api/verify-otp',
        '/api/customer',
        '/api/customer-addresses',
        '/api/order',
        '/api/booking',
        '/api/menu/{id}',
      ]) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
      const booking = doc.paths['/api/booking'].post.requestBody.content['application/json'].schema;
      expect(booking.required).toEqual(
        expect.arrayContaining(['name', 'email', 'phone', 'date', 'time', 'number_of_people']),
      );
    } finally {
      await ctx.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// A host no shop claims (and no DEFAULT_TENANT): a browser gets a page, an API client JSON.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const get = (url: string, accept?: string) =>
  ctx.app.inject({
    url,
    headers: { host: 'typo.example.com:3000', ...(accept ? { accept } : {}) },
  });

describe('a host that no shop claims', () => {
  it('shows a browser an HTML page naming the host, on the home page and a deep link', async () => {
    for (const url of ['/', '/menu/some-dish?x=1', '/admin']) {
      const res = await get(url, BROWSER_ACCEPT);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain('<h1>Shop not found</h1>');
      expect(res.body).toContain('No shop is set up at typo.example.com.');
      expect(res.body).not.toContain('"status"');
    }
  });

  it('answers JSON to API clients: an /api/ path (even asked for HTML), */* and no Accept', async () => {
    for (const [url, accept] of [
      ['/api/home', BROWSER_ACCEPT],
      ['/api/home', 'application/json'],
      ['/', '*/*'],
      ['/', undefined],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        status: 404,
        message: 'No shop is set up at typo.example.com.',
        data: null,
      });
    }
  });

  it('still answers the health checks, which need no shop', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { importTestTenant, makeTenantDocument } from '../../test/factories.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const landing = makeTenantDocument({
  config: { ...makeTenantDocument().config, isHomePage: 1 },
});
const other = makeTenantDocument();

beforeAll(async () => {
  ctx = await createTestApp({ defaultTenant: other.slug });
  await importTestTenant(ctx.db, other);
  await importTestTenant(ctx.db, landing);
});
afterAll(() => ctx.close());

const page = (host: string, url: string) =>
  ctx.app.inject({ url, headers: { host, accept: 'text/html' } });
const embeddedStores = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="servery-stores">(.*?)<\/script>/.exec(html)![1]!,
  );

describe('the page the server sends, beside the configuration', () => {
  it('embeds the answer of GET /api/store as a data block in the head', async () => {
    const host = landing.hosts[0]!.host;
    const res = await page(host, '/');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('id="servery-stores"');
    const served = await ctx.app.inject({ url: '/api/store', headers: { host } });
    expect(embeddedStores(res.body)).toEqual(served.json().data);
    expect(embeddedStores(res.body).length).toBeGreaterThan(0);
  });

  it('leaves the store list out of the staff application and of pages not found', async () => {
    const host = landing.hosts[0]!.host;
    expect((await page(host, '/admin/desk')).body).not.toContain('servery-stores');
    const missing = await page(host, '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('servery-stores');
  });
});

describe('a first visit’s page (docs/decisions/0026)', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('preloads the cookie question and the chunk it needs that the entry does not load', async () => {
    const res = await page(other.hosts[0]!.host, '/menu');
    expect(preloads(res.body)).toEqual([
      '/assets/cookie-consent-7a8b9c.js',
      '/assets/dialog-4d5e6f.js',
    ]);
    expect(res.body.indexOf('cookie-consent-7a8b9c')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('preloads nothing for a visitor who has answered, nor on the staff application', async () => {
    const host = other.hosts[0]!.host;
    const answered = await ctx.app.inject({
      url: '/menu',
      headers: { host, accept: 'text/html', cookie: 'theme=dark; cookiesAccepted=true' },
    });
    expect(answered.statusCode).toBe(200);
    expect(preloads(answered.body)).toEqual([]);
    expect(preloads((await page(host, '/admin/desk')).body)).toEqual([]);
  });
});

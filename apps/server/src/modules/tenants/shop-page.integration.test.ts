import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';

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

  it('preloads nothing for a visitor who has answered', async () => {
    const host = other.hosts[0]!.host;
    const answered = await ctx.app.inject({
      url: '/menu',
      headers: { host, accept: 'text/html', cookie: 'theme=dark; cookiesAccepted=true' },
    });
    expect(answered.statusCode).toBe(200);
    expect(preloads(answered.body)).toEqual([]);
  });
});

describe('a staff page (docs/decisions/0027)', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('preloads the staff application and the chunk it needs that the entry does not load, never the cookie question', async () => {
    const host = other.hosts[0]!.host;
    const staffApp = ['/assets/admin-app-2b3c4d.js', '/assets/admin-api-5e6f7a.js'];
    for (const path of ['/admin', '/admin/desk', '/admin/bookings?date=2026-11-25']) {
      const res = await page(host, path);
      expect(res.statusCode, path).toBe(200);
      expect(preloads(res.body), path).toEqual(staffApp);
      expect(res.body.indexOf('admin-app-2b3c4d')).toBeLessThan(res.body.indexOf('</head>'));
    }
    // Nor does a storefront page whose path merely begins with the same letters.
    expect(preloads((await page(host, '/administration')).body)).not.toContain(staffApp[0]);
  });
});

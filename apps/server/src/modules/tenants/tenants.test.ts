import { ZTenantDocument } from '@servery/contract/tenant-document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZShopConfig } from '@servery/contract/config';
import { ZHomeContent } from '@servery/contract/home';
import { createTestApp } from '../../../test/test-app.ts';
import { importTestTenant, makeTenantDocument, svgFor } from '../../../test/factories.ts';
import { importTenant, exportTenant } from './tenants.service.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shopA = makeTenantDocument();
const shopB = makeTenantDocument({
  websiteName: 'Second Shop',
  config: { ...makeTenantDocument().config, colorPalatte: '#654321', IsShopClosed: 1 },
});

beforeAll(async () => {
  ctx = await createTestApp({ defaultTenant: shopA.slug });
  await importTestTenant(ctx.db, shopA);
  await importTestTenant(ctx.db, shopB);
});
afterAll(() => ctx.close());

const hostOf = (doc: typeof shopA, variant = 0) => doc.hosts[variant]!.host;
const loadConfig = (host: string, method: 'GET' | 'POST' = 'POST') =>
  ctx.app.inject({ method, url: '/api/loadconfig', headers: { host } });

describe('POST /api/loadconfig', () => {
  it('answers every configuration field of SPEC.md section 3, spelled as there', async () => {
    const res = await loadConfig(hostOf(shopA));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(typeof body.message).toBe('string');
    for (const field of [
      'websiteName',
      'favicon',
      'headerLogo',
      'footerLogo',
      'logo_style',
      'colorPalatte',
      'SecondaryColorPalatte',
      'contactNumber',
      'ShopClosedMessage',
      'IsShopClosed',
      'allowBooking',
      'isHomePage',
      'locationData',
    ]) {
      expect(body.data, field).toHaveProperty(field);
    }
    expect(Object.keys(body.data.locationData).sort()).toEqual([
      'addressLine1',
      'addressLine2',
      'directionLink',
    ]);
    expect(ZShopConfig.parse(body.data)).toMatchObject({
      websiteName: shopA.websiteName,
      colorPalatte: '#123456',
      IsShopClosed: 0,
      currency: { value: 'GBP', label: 'GBP', sign: '£' },
      timeZone: 'Europe/London',
      otpLength: 4,
      siteVariant: 'ordering',
      brands: [
        { slug: 'first-brand', name: 'First Brand', tagline: 'The first', logo: 'brand.svg' },
      ],
    });
  });

  it('answers GET the same, with an ETag that saves the body on revalidation', async () => {
    const post = await loadConfig(hostOf(shopA));
    const get = await loadConfig(hostOf(shopA), 'GET');
    expect(get.json()).toEqual(post.json());
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({
      url: '/api/loadconfig',
      headers: { host: hostOf(shopA), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('tells the reservation host apart from the ordering host of the same shop', async () => {
    const res = await loadConfig(hostOf(shopA, 1));
    expect(res.json().data.siteVariant).toBe('reservation');
    expect(res.json().data.websiteName).toBe(shopA.websiteName);
  });

  it('never shows one tenant the configuration of another', async () => {
    const a = (await loadConfig(hostOf(shopA))).json().data;
    const b = (await loadConfig(hostOf(shopB))).json().data;
    expect(a.websiteName).toBe(shopA.websiteName);
    expect(b.websiteName).toBe('Second Shop');
    expect(b.colorPalatte).toBe('#654321');
    expect(b.IsShopClosed).toBe(1);
    expect(a.IsShopClosed).toBe(0);
    expect(a.supportEmail).not.toBe(b.supportEmail);
  });

  it('gives a host that no tenant claims to the default tenant', async () => {
    const res = await loadConfig('unclaimed.example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.websiteName).toBe(shopA.websiteName);
    expect(res.json().data.siteVariant).toBe('ordering');
  });

  it('matches hosts without regard to case or port', async () => {
    const res = await loadConfig(`${hostOf(shopB).toUpperCase()}:8080`);
    expect(res.json().data.websiteName).toBe('Second Shop');
  });

  it('sees a re-imported document at once, without a restart', async () => {
    const host = hostOf(shopB);
    expect((await loadConfig(host)).json().data.ShopClosedMessage).toBe('Closed for the holidays');
    await importTestTenant(ctx.db, {
      ...shopB,
      config: { ...shopB.config, ShopClosedMessage: 'Back on Monday' },
    });
    await expect
      .poll(async () => (await loadConfig(host)).json().data.ShopClosedMessage, { timeout: 5000 })
      .toBe('Back on Monday');
  });
});

describe('a host that no tenant claims, without a default tenant', () => {
  it('answers 404 in the envelope for the API and a page for browsers', async () => {
    const bare = await createTestApp();
    try {
      const api = await bare.app.inject({
        url: '/api/home',
        headers: { host: 'nobody.example.org' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({
        status: 404,
        message: 'No shop is set up at nobody.example.org.',
        data: null,
      });
      const page = await bare.app.inject({
        url: '/',
        headers: { host: 'nobody.example.org', accept: 'text/html' },
      });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Shop not found');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/home', () => {
  it('answers banners, location, opening hours and get-in-touch data of the host’s tenant', async () => {
    const res = await ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopA) } });
    expect(res.statusCode).toBe(200);
    const home = ZHomeContent.parse(res.json().data);
    expect(home.banners).toEqual(shopA.home.banners);
    expect(home.locationData).toEqual(shopA.config.locationData);
    expect(home.getInTouch).toEqual({
      contactNumber: '020 7946 0000',
      supportEmail: shopA.config.supportEmail,
    });
    expect(home.openingHours).toEqual({
      Weekdays: '11:00 AM - 10:00 PM',
      Saturday: '12:00 PM - 11:30 PM',
      Sunday: 'Closed',
    });
  });

  it('never shows one tenant the home content of another', async () => {
    const a = (await ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopA) } })).json()
      .data;
    const b = (await ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopB) } })).json()
      .data;
    expect(a.banners[0].title).toBe(`Welcome to ${shopA.slug}`);
    expect(b.banners[0].title).toBe(`Welcome to ${shopB.slug}`);
  });
});

describe('GET /tenancy/assets/{file}', () => {
  it('serves the host’s own file, sandboxed, with an ETag', async () => {
    const res = await ctx.app.inject({
      url: '/tenancy/assets/header-logo.svg',
      headers: { host: hostOf(shopB) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe(new TextDecoder().decode(svgFor(shopB.slug, 'header-logo.svg')));
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await ctx.app.inject({
      url: '/tenancy/assets/header-logo.svg',
      headers: { host: hostOf(shopB), 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a file the tenant does not have, and 400 for a name that is not a file', async () => {
    const missing = await ctx.app.inject({
      url: '/tenancy/assets/other.png',
      headers: { host: hostOf(shopA) },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: 404,
      message: 'This shop has no file named other.png.',
      data: null,
    });
    const traversal = await ctx.app.inject({
      url: '/tenancy/assets/..%2Fsecret.svg',
      headers: { host: hostOf(shopA) },
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().status).toBe(400);
  });
});

describe('importing and exporting tenants', () => {
  it('exports the document that recreates the tenant', async () => {
    const exported = await exportTenant(ctx.db, shopA.slug);
    expect(exported?.document).toEqual(ZTenantDocument.parse(shopA));
    expect(exported?.assets.map((a) => a.name).sort()).toEqual([
      'banner.svg',
      'brand.svg',
      'favicon.svg',
      'footer-logo.svg',
      'header-logo.svg',
    ]);
  });

  it('refuses a host that belongs to another tenant, and writes nothing', async () => {
    const intruder = makeTenantDocument({
      hosts: [{ host: hostOf(shopA), variant: 'ordering' }],
    });
    await expect(importTenant(ctx.db, intruder, async (n) => svgFor('x', n))).rejects.toMatchObject(
      {
        problems: [
          { path: 'hosts.0.host', message: `"${hostOf(shopA)}" belongs to tenant "${shopA.slug}"` },
        ],
      },
    );
    expect(await exportTenant(ctx.db, intruder.slug)).toBeNull();
    expect((await loadConfig(hostOf(shopA))).json().data.websiteName).toBe(shopA.websiteName);
  });

  it('refuses missing, oversized and scripted asset files by their JSON path', async () => {
    const doc = makeTenantDocument();
    const files: Record<string, Uint8Array> = {
      'favicon.svg': new TextEncoder().encode('<svg onload="alert(1)"></svg>'),
      'header-logo.svg': new Uint8Array(2 * 1024 * 1024).fill(60),
      'footer-logo.svg': new TextEncoder().encode('not an image'),
    };
    const error = await importTenant(ctx.db, doc, async (name) => files[name] ?? null).catch(
      (e) => e,
    );
    expect(error.problems).toEqual([
      {
        path: 'config.favicon',
        message: '"favicon.svg" contains script or event handlers, which logos may not carry',
      },
      { path: 'config.headerLogo', message: '"header-logo.svg" is 2048 KB; the limit is 1024 KB' },
      { path: 'config.footerLogo', message: '"footer-logo.svg" does not contain SVG data' },
      { path: 'brands.0.logo', message: 'the file assets/brand.svg is missing' },
      { path: 'home.banners.0.banner', message: 'the file assets/banner.svg is missing' },
    ]);
    expect(await exportTenant(ctx.db, doc.slug)).toBeNull();
  });

  it('keeps store ids when a document is imported again, and drops stores it no longer lists', async () => {
    const doc = makeTenantDocument();
    const second = { ...doc.stores[0]!, slug: 'second', name: 'Second Store' };
    await importTestTenant(ctx.db, { ...doc, stores: [...doc.stores, second] });
    const before = await ctx.db.query.stores.findMany();
    const mainId = before.find(
      (s) => s.slug === 'main' && s.name === 'Main Store' && s.phone === '020 7946 0001',
    )!.id;
    await importTestTenant(ctx.db, doc);
    const exported = await exportTenant(ctx.db, doc.slug);
    expect(exported?.document.stores.map((s) => s.slug)).toEqual(['main']);
    const after = await ctx.db.query.stores.findMany();
    expect(after.some((s) => s.id === mainId)).toBe(true);
  });
});

describe('the page the server sends', () => {
  it('carries the host’s shop: title, favicon and configuration as a data block', async () => {
    const res = await ctx.app.inject({
      url: '/menu',
      headers: { host: hostOf(shopB), accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Second Shop</title>');
    expect(res.body).toContain('<link rel="icon" href="/tenancy/assets/favicon.svg">');
    const block = /<script type="application\/json" id="servery-config">(.*?)<\/script>/.exec(
      res.body,
    )![1]!;
    const embedded = JSON.parse(block);
    const served = (await loadConfig(hostOf(shopB))).json().data;
    expect(embedded).toEqual(served);
  });

  it('keeps shop text with dollar signs as written', async () => {
    const doc = makeTenantDocument({
      websiteName: 'Cash $& Carry',
      config: { ...makeTenantDocument().config, ShopClosedMessage: "Back soon $` $' $$" },
    });
    await importTestTenant(ctx.db, doc);
    const res = await ctx.app.inject({
      url: '/',
      headers: { host: hostOf(doc), accept: 'text/html' },
    });
    expect(res.body).toContain('<title>Cash $&#38; Carry</title>');
    const block = /<script type="application\/json" id="servery-config">(.*?)<\/script>/.exec(
      res.body,
    )![1]!;
    expect(JSON.parse(block).ShopClosedMessage).toBe("Back soon $` $' $$");
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('cannot be broken out of by a shop name with markup in it', async () => {
    const doc = makeTenantDocument({ websiteName: '</script><script>alert(1)</script> & Co' });
    await importTestTenant(ctx.db, doc);
    const res = await ctx.app.inject({
      url: '/',
      headers: { host: hostOf(doc), accept: 'text/html' },
    });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain(
      '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; Co</title>',
    );
    const block = /<script type="application\/json" id="servery-config">(.*?)<\/script>/.exec(
      res.body,
    )![1]!;
    expect(JSON.parse(block).websiteName).toBe('</script><script>alert(1)</script> & Co');
  });
});

describe('GET /api/legal/{page}', () => {
  it('answers the shop’s own text, or null where it has none; never another shop’s', async () => {
    const withTerms = makeTenantDocument({
      legal: { terms: 'Our own terms.\n\n## Refunds\nWithin 24 hours.' },
    });
    await importTestTenant(ctx.db, withTerms);
    const terms = await ctx.app.inject({
      url: '/api/legal/terms',
      headers: { host: hostOf(withTerms) },
    });
    expect(terms.json()).toEqual({
      status: 200,
      message: 'Legal text loaded',
      data: { text: 'Our own terms.\n\n## Refunds\nWithin 24 hours.' },
    });
    const privacy = await ctx.app.inject({
      url: '/api/legal/privacy',
      headers: { host: hostOf(withTerms) },
    });
    expect(privacy.json().data).toEqual({ text: null });
    const other = await ctx.app.inject({
      url: '/api/legal/terms',
      headers: { host: hostOf(shopA) },
    });
    expect(other.json().data).toEqual({ text: null });
    expect((await exportTenant(ctx.db, withTerms.slug))?.document.legal).toEqual(withTerms.legal);
  });

  it('answers 400 for a page it does not know', async () => {
    const res = await ctx.app.inject({
      url: '/api/legal/refunds',
      headers: { host: hostOf(shopA) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Check the address: page: /);
  });
});

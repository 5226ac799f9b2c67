import { ZTenantDocument } from '@servery/contract/tenant-document';
import { describe, expect, it } from 'vitest';
import { useTwoShops } from '../../../test/two-shops.ts';
import { importTestTenant, makeTenantDocument, svgFor } from '../../../test/factories.ts';
import { exportTenant } from '../tenant-document/tenant-export.ts';
import { importTenant } from '../tenant-document/tenant-import.ts';

const shops = useTwoShops();
const { shopA, shopB, hostOf, loadConfig } = shops;

describe('importing and exporting tenants', () => {
  it('exports the document that recreates the tenant', async () => {
    const exported = await exportTenant(shops.ctx.db, shopA.slug);
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
    await expect(
      importTenant(shops.ctx.db, intruder, async (n) => svgFor('x', n)),
    ).rejects.toMatchObject({
      problems: [
        { path: 'hosts.0.host', message: `"${hostOf(shopA)}" belongs to tenant "${shopA.slug}"` },
      ],
    });
    expect(await exportTenant(shops.ctx.db, intruder.slug)).toBeNull();
    expect((await loadConfig(hostOf(shopA))).json().data.websiteName).toBe(shopA.websiteName);
  });

  it('refuses missing, oversized and scripted asset files by their JSON path', async () => {
    const doc = makeTenantDocument();
    const files: Record<string, Uint8Array> = {
      'favicon.svg': new TextEncoder().encode('<svg onload="alert(1)"></svg>'),
      'header-logo.svg': new Uint8Array(2 * 1024 * 1024).fill(60),
      'footer-logo.svg': new TextEncoder().encode('not an image'),
    };
    const error = await importTenant(shops.ctx.db, doc, async (name) => files[name] ?? null).catch(
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
    expect(await exportTenant(shops.ctx.db, doc.slug)).toBeNull();
  });

  it('keeps store ids when a document is imported again, and drops stores it no longer lists', async () => {
    const doc = makeTenantDocument();
    const second = { ...doc.stores[0]!, slug: 'second', name: 'Second Store' };
    await importTestTenant(shops.ctx.db, { ...doc, stores: [...doc.stores, second] });
    const before = await shops.ctx.db.query.stores.findMany();
    const mainId = before.find(
      (s) => s.slug === 'main' && s.name === 'Main Store' && s.phone === '020 7946 0001',
    )!.id;
    await importTestTenant(shops.ctx.db, doc);
    const exported = await exportTenant(shops.ctx.db, doc.slug);
    expect(exported?.document.stores.map((s) => s.slug)).toEqual(['main']);
    const after = await shops.ctx.db.query.stores.findMany();
    expect(after.some((s) => s.id === mainId)).toBe(true);
  });
});

describe('the page the server sends', () => {
  it('carries the host’s shop: title, favicon and configuration as a data block', async () => {
    const res = await shops.ctx.app.inject({
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
    await importTestTenant(shops.ctx.db, doc);
    const res = await shops.ctx.app.inject({
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
    await importTestTenant(shops.ctx.db, doc);
    const res = await shops.ctx.app.inject({
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
    await importTestTenant(shops.ctx.db, withTerms);
    const terms = await shops.ctx.app.inject({
      url: '/api/legal/terms',
      headers: { host: hostOf(withTerms) },
    });
    expect(terms.json()).toEqual({
      status: 200,
      message: 'Legal text loaded',
      data: { text: 'Our own terms.\n\n## Refunds\nWithin 24 hours.' },
    });
    const privacy = await shops.ctx.app.inject({
      url: '/api/legal/privacy',
      headers: { host: hostOf(withTerms) },
    });
    expect(privacy.json().data).toEqual({ text: null });
    const other = await shops.ctx.app.inject({
      url: '/api/legal/terms',
      headers: { host: hostOf(shopA) },
    });
    expect(other.json().data).toEqual({ text: null });
    expect((await exportTenant(shops.ctx.db, withTerms.slug))?.document.legal).toEqual(
      withTerms.legal,
    );
  });

  it('answers 400 for a page it does not know', async () => {
    const res = await shops.ctx.app.inject({
      url: '/api/legal/refunds',
      headers: { host: hostOf(shopA) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Check the address: page: /);
  });
});

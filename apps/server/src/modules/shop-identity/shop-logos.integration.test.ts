import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ShopIdentity } from '@servery/contract/shop-identity';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { multipartPhoto } from '../../../test/photo-uploads.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { exportTenantToDir, importTenantFile } from '../tenant-document/tenant-files.ts';

// Walk item 10: logos uploaded on the Shop screen, and everything the screen changes kept by
// `tenant export` so that an import of it gives the same shop.
const service = useServiceApp();

/** A wide logo as a designer sends it: 1600 × 400, transparent around a coloured block. */
const wideLogo = () =>
  sharp({
    create: { width: 1600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: {
          create: { width: 1200, height: 300, channels: 4, background: '#7a1f5c' },
        },
        top: 50,
        left: 200,
      },
    ])
    .png()
    .toBuffer();

async function openShop() {
  const shop = await openServiceShop(service.ctx);
  const owner = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'owner');
  const upload = (slot: string, bytes: Uint8Array, name: string, type: string, agent = owner) => {
    const body = multipartPhoto(bytes, name, type, 'logo');
    return service.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/shop/logos/${slot}`,
      headers: { ...agent.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const config = async () =>
    (
      await service.ctx.app.inject({
        method: 'POST',
        url: '/api/loadconfig',
        headers: { host: shop.host },
      })
    ).json().data;
  const asset = (file: string) =>
    service.ctx.app.inject({
      method: 'GET',
      url: `/tenancy/assets/${file}`,
      headers: { host: shop.host },
    });
  return { ...shop, owner, upload, config, asset };
}

describe('logos', () => {
  it('are fitted to their place, saved at once and served to the storefront', async () => {
    const shop = await openShop();
    expect((await shop.config()).headerLogo).toBe('header-logo.svg');
    const before = await shop.admin('GET', '/api/admin/shop/identity', undefined, shop.owner);
    const res = await shop.upload('headerLogo', await wideLogo(), 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The header logo is saved.');
    const identity = res.json().data as ShopIdentity;
    expect(identity.headerLogo).toMatch(/^logo-[a-f0-9]{16}\.png$/);
    expect((await shop.config()).headerLogo).toBe(identity.headerLogo);
    // A logo is saved on its own: a form being filled in beside it is not made stale by it.
    expect(identity.version).toBe(before.json().data.version);

    const served = await shop.asset(identity.headerLogo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // 1600 × 400 fitted into 800 × 240: the header draws it 48 px tall, twice over.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, height: 200 });

    const icon = await shop.upload('favicon', await wideLogo(), 'icon.png', 'image/png');
    expect(icon.statusCode, icon.body).toBe(200);
    const favicon = (icon.json().data as ShopIdentity).favicon;
    const page = await service.ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: shop.host },
    });
    expect(page.body).toContain(`<link rel="icon" href="/tenancy/assets/${favicon}">`);
    const square = (await shop.asset(favicon)).rawPayload;
    expect(await sharp(square).metadata()).toMatchObject({ width: 192, height: 192 });

    const rows = await shop.auditRows('shop.logo');
    expect(rows.map((r) => r.after)).toEqual(
      expect.arrayContaining([{ headerLogo: identity.headerLogo }, { favicon }]),
    );
    expect(rows.find((r) => 'headerLogo' in (r.after as object))!.before).toEqual({
      headerLogo: 'header-logo.svg',
    });
  });

  it('refuses what is not an image, an SVG with script, and people of some stores only', async () => {
    const shop = await openShop();
    const text = await shop.upload('footerLogo', Buffer.from('hello'), 'logo.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.logo).toMatch(/not a PNG, JPEG, WebP or SVG/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const scripted = await shop.upload('footerLogo', svg, 'logo.svg', 'image/svg+xml');
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json().errors.logo).toMatch(/script or event handlers/);
    const plain = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#7a1f5c"/></svg>',
    );
    const kept = await shop.upload('footerLogo', plain, 'logo.svg', 'image/svg+xml');
    expect(kept.statusCode, kept.body).toBe(200);
    const footerLogo = (kept.json().data as ShopIdentity).footerLogo;
    expect(footerLogo).toMatch(/^logo-[a-f0-9]{16}\.svg$/);
    expect((await shop.asset(footerLogo)).body).toBe(plain.toString());

    const manager: StaffAgent = await staffAgent(
      service.ctx.app,
      service.ctx.db,
      shop.shop,
      'manager',
      { stores: ['main'] },
    );
    const refused = await shop.upload(
      'headerLogo',
      await wideLogo(),
      'l.png',
      'image/png',
      manager,
    );
    expect(refused.statusCode).toBe(403);
    const unknown = await shop.upload('banner', await wideLogo(), 'l.png', 'image/png');
    expect(unknown.statusCode).toBe(400);
    expect((await shop.config()).headerLogo).toBe('header-logo.svg');
    expect(await shop.auditRows('shop.logo')).toHaveLength(1);
  });
});

describe('the shop document', () => {
  it('keeps the name, colours, contacts, logos and store addresses through export and import', async () => {
    const shop = await openShop();
    const read = async () =>
      (await shop.admin('GET', '/api/admin/shop/identity', undefined, shop.owner)).json()
        .data as ShopIdentity;
    const logo = await shop.upload('headerLogo', await wideLogo(), 'logo.png', 'image/png');
    const headerLogo = (logo.json().data as ShopIdentity).headerLogo;
    const saved = await shop.admin(
      'PATCH',
      '/api/admin/shop/identity',
      {
        websiteName: 'Curry Corner',
        colorPalatte: '#7a1f5c',
        contactNumber: '020 7000 1234',
        version: (await read()).version,
      },
      shop.owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const main = (await read()).stores[0]!;
    const moved = await shop.admin(
      'PATCH',
      `/api/admin/stores/${main.store_id}/contact`,
      { address_line1: '12 Commercial Street', phone: '020 7000 5555', version: main.version },
      shop.owner,
    );
    expect(moved.statusCode, moved.body).toBe(200);

    const dir = mkdtempSync(join(tmpdir(), 'servery-shop-export-'));
    const again = mkdtempSync(join(tmpdir(), 'servery-shop-export-'));
    const elsewhere = await createTestApp({ now: service.now });
    try {
      await exportTenantToDir(service.ctx.db, shop.shop.slug, dir);
      const written = JSON.parse(readFileSync(join(dir, 'tenant.json'), 'utf8'));
      expect(written).toMatchObject({
        websiteName: 'Curry Corner',
        config: { colorPalatte: '#7a1f5c', contactNumber: '020 7000 1234', headerLogo },
      });
      expect(written.stores[0]).toMatchObject({
        addressLine1: '12 Commercial Street',
        phone: '020 7000 5555',
      });
      expect(readdirSync(join(dir, 'assets'))).toContain(headerLogo);

      await importTenantFile(elsewhere.db, join(dir, 'tenant.json'));
      await exportTenantToDir(elsewhere.db, shop.shop.slug, again);
      expect(JSON.parse(readFileSync(join(again, 'tenant.json'), 'utf8'))).toEqual(written);
      const served = await elsewhere.app.inject({
        method: 'GET',
        url: `/tenancy/assets/${headerLogo}`,
        headers: { host: shop.host },
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(readFileSync(join(dir, 'assets', headerLogo)))).toBe(true);
    } finally {
      await elsewhere.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(again, { recursive: true, force: true });
    }
  });
});

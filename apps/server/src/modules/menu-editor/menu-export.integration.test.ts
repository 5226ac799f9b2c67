import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import { newDish, openEditorShop } from '../../../test/menu-editor-shop.ts';
import { useServiceApp } from '../../../test/service-shop.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { exportTenantToDir, importTenantFile } from '../tenant-document/tenant-files.ts';
import { multipartPhoto, phonePhoto } from '../../../test/photo-uploads.ts';

// Issue 28, point 9: `tenant export` writes everything the editor changed, and an import of it
// on an empty database gives the same shop.
const service = useServiceApp();

describe('the shop document', () => {
  it('round-trips dishes, categories, per-store prices and switches, and photos', async () => {
    const shop = await openEditorShop(service.ctx);
    const { admin, editorMenu, camden, shoreditch, host, manager } = shop;
    const menu = await editorMenu();
    const created = await admin(
      'POST',
      '/api/admin/items',
      newDish(menu.categories[0]!.id, [camden, shoreditch], {
        store_prices: [{ store_id: shoreditch, price: 995 }],
      }),
    );
    const dishId = created.json().data.id as string;
    const body = multipartPhoto(await phonePhoto(), 'dal.jpg');
    const photo = await service.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/items/${dishId}/photo`,
      headers: { ...manager.headers, ...body.headers },
      payload: body.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const naan = menu.categories[1]!.items[0]!;
    await admin('POST', `/api/admin/items/${naan.id}/availability`, {
      store_id: shoreditch,
      sold_out: 'indefinitely',
    });
    await admin('POST', `/api/admin/items/${naan.id}/availability`, {
      store_id: camden,
      hidden: true,
    });
    await admin(
      'PATCH',
      `/api/admin/categories/${menu.categories[2]!.id}`,
      { hidden: true },
      undefined,
      {
        'if-match': '"1"',
      },
    );

    const dir = mkdtempSync(join(tmpdir(), 'servery-menu-export-'));
    const elsewhere = await createTestApp({ now: service.now });
    try {
      await exportTenantToDir(service.ctx.db, shop.shop.slug, dir);
      const written = JSON.parse(readFileSync(join(dir, 'tenant.json'), 'utf8'));
      expect(written.items.find((i: { slug: string }) => i.slug === 'dal-makhani')).toMatchObject({
        name: 'Dal makhani',
        image: expect.stringMatching(/^photo-[a-f0-9]{16}-640\.webp$/),
        modifierGroups: [{ slug: 'rice', min: 1, max: 1 }],
        stores: [
          { store: 'camden', sells: true },
          { store: 'shoreditch', sells: true, price: 995 },
        ],
      });
      expect(readdirSync(join(dir, 'assets')).filter((f) => f.startsWith('photo-'))).toHaveLength(
        6,
      );

      await importTenantFile(elsewhere.db, join(dir, 'tenant.json'));
      const again = mkdtempSync(join(tmpdir(), 'servery-menu-export-'));
      await exportTenantToDir(elsewhere.db, shop.shop.slug, again);
      expect(JSON.parse(readFileSync(join(again, 'tenant.json'), 'utf8'))).toEqual(written);
      rmSync(again, { recursive: true, force: true });

      // What customers see at each store is the same in both places (ids aside).
      const read = async (app: typeof service.ctx.app, url: string) =>
        (await app.inject({ method: 'GET', url, headers: { host } })).json().data;
      const strip = (m: StoreMenu) =>
        m.categories.map((c) => [
          c.name,
          c.items.map((i) => [i.name, i.price, i.sold_out, i.image]),
        ]);
      for (const slug of ['camden', 'shoreditch']) {
        const there = ((await read(elsewhere.app, '/api/store')) as StoreSummary[]).find(
          (s) => s.slug === slug,
        )!;
        const here = slug === 'camden' ? camden : shoreditch;
        expect(strip(await read(elsewhere.app, `/api/menu/${there.id}`))).toEqual(
          strip(await read(service.ctx.app, `/api/menu/${here}`)),
        );
      }
      const image = written.items.find((i: { slug: string }) => i.slug === 'dal-makhani').image;
      const avif = image.replace('-640.webp', '-960.avif');
      const served = await elsewhere.app.inject({
        method: 'GET',
        url: `/tenancy/photos/${avif}`,
        headers: { host },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/avif');
    } finally {
      await elsewhere.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { exportTenant } from '../tenant-document/tenant-export.ts';

/** A catalogue whose curries are the first brand's kitchen (issue 20: brand pages list dishes). */
function brandedShop(brand: string): TenantDocumentInput {
  const doc = makeCatalogueDocument();
  const [menu] = doc.menus!;
  return {
    ...doc,
    menus: [
      {
        ...menu!,
        categories: menu!.categories.map((c) => (c.slug === 'curries' ? { ...c, brand } : c)),
      },
    ],
  };
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = brandedShop('first-brand');

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: shop.hosts[0]!.host } });

describe("a menu category's brand", () => {
  it('is in the menu answer, null where the document gives none', async () => {
    const stores = (await get('/api/store')).json().data as StoreSummary[];
    const main = stores.find((s) => s.slug === 'main')!;
    const menu = (await get(`/api/menu/${main.id}`)).json().data as StoreMenu;
    expect(menu.categories.map((c) => [c.slug, c.brand])).toEqual([
      ['curries', 'first-brand'],
      ['breads', null],
      ['drinks', null],
    ]);
  });

  it('is exported back as written', async () => {
    const exported = await exportTenant(ctx.db, shop.slug!);
    const categories = exported!.document.menus[0]!.categories;
    expect(categories.find((c) => c.slug === 'curries')!.brand).toBe('first-brand');
    expect('brand' in categories.find((c) => c.slug === 'breads')!).toBe(false);
  });

  it('must name a brand of the shop, or the import writes nothing', async () => {
    const wrong = brandedShop('no-such-brand');
    await expect(importTestTenant(ctx.db, wrong)).rejects.toMatchObject({
      problems: [
        { path: 'menus.0.categories.0.brand', message: 'No brand has the slug "no-such-brand"' },
      ],
    });
    const stores = await ctx.app.inject({
      method: 'GET',
      url: '/api/store',
      headers: { host: wrong.hosts[0]!.host },
    });
    expect(stores.statusCode).toBe(404);
  });
});

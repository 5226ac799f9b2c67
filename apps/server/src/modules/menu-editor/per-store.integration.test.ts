import { describe, expect, it } from 'vitest';
import type { EditableItem } from '@servery/contract/menu-editor';
import type { ServiceItem } from '@servery/contract/service';
import { openEditorShop } from '../../../test/menu-editor-shop.ts';
import { useServiceApp } from '../../../test/service-shop.ts';

// Issue 28, point 4: one dish row sold at Camden and Shoreditch; Camden's staff change Camden's.
const service = useServiceApp();

describe('availability per store', () => {
  it('a Camden cook sells out the dish at Camden only; Shoreditch keeps selling it', async () => {
    const { editorMenu, admin, camdenCook, camden, shoreditch, dishAt, order, auditRows } =
      await openEditorShop(service.ctx);
    const naan = (await editorMenu()).categories[1]!.items[0]!;
    const url = `/api/admin/items/${naan.id}/availability`;
    const res = await admin('POST', url, { store_id: camden, sold_out: 'today' }, camdenCook);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data as ServiceItem).toMatchObject({
      sold_out: 'today',
      sold_out_until: '2026-11-18T11:00:00.000Z',
    });
    expect((await dishAt(camden, 'Garlic naan'))!.sold_out).toBe(true);
    expect((await dishAt(shoreditch, 'Garlic naan'))!.sold_out).toBe(false);
    const line = { item_id: naan.id, quantity: 2, modifiers: [] }; // above the £5 minimum
    expect((await order(camden, [line])).statusCode).toBe(422);
    expect((await order(shoreditch, [line])).statusCode).toBe(200);

    // Shoreditch is not hers: 404, and nothing changes there.
    const refused = await admin(
      'POST',
      url,
      { store_id: shoreditch, sold_out: 'indefinitely' },
      camdenCook,
    );
    expect(refused.statusCode).toBe(404);
    expect((await dishAt(shoreditch, 'Garlic naan'))!.sold_out).toBe(false);
    const [audit] = await auditRows('item.availability');
    expect(audit!.after).toMatchObject({
      name: 'Garlic naan',
      stores: 'Camden',
      sold_out: 'today',
    });
  });

  it('without store_id, a Camden cook’s switch still only reaches Camden', async () => {
    const { editorMenu, admin, camdenCook, camden, shoreditch, dishAt } = await openEditorShop(
      service.ctx,
    );
    const naan = (await editorMenu()).categories[1]!.items[0]!;
    await admin(
      'POST',
      `/api/admin/items/${naan.id}/availability`,
      { sold_out: 'indefinitely' },
      camdenCook,
    );
    expect((await dishAt(camden, 'Garlic naan'))!.sold_out).toBe(true);
    expect((await dishAt(shoreditch, 'Garlic naan'))!.sold_out).toBe(false);
  });

  it('a dish sold out shop-wide by the document comes back at one store only', async () => {
    const { editorMenu, admin, camdenCook, camden, shoreditch, dishAt } = await openEditorShop(
      service.ctx,
    );
    const lassi = (await editorMenu()).categories[2]!.items[0]!; // soldOut: true in the document
    expect((await dishAt(shoreditch, 'Mango lassi'))!.sold_out).toBe(true);
    const url = `/api/admin/items/${lassi.id}/availability`;
    expect(
      (await admin('POST', url, { store_id: camden, sold_out: false }, camdenCook)).statusCode,
    ).toBe(200);
    expect((await dishAt(camden, 'Mango lassi'))!.sold_out).toBe(false);
    expect((await dishAt(shoreditch, 'Mango lassi'))!.sold_out).toBe(true);
  });

  it('a Camden manager may not re-price or rename Shoreditch’s dish, but sets Camden’s price', async () => {
    const { editorMenu, admin, camdenManager, camden, shoreditch, dishAt } = await openEditorShop(
      service.ctx,
    );
    const naan = (await editorMenu(camden, camdenManager)).categories[1]!.items[0]!;
    expect(naan.stores.map((s) => [s.name, s.editable])).toEqual([
      ['Camden', true],
      ['Shoreditch', false],
    ]);
    const repriced = await admin(
      'PATCH',
      `/api/admin/items/${naan.id}`,
      { price: 100 },
      camdenManager,
      {
        'if-match': '"1"',
      },
    );
    expect(repriced.statusCode).toBe(403);
    expect(repriced.json().message).toContain('Shoreditch also sells this dish');
    const theirs = await admin(
      'PATCH',
      `/api/admin/items/${naan.id}`,
      { store_prices: [{ store_id: shoreditch, price: 100 }] },
      camdenManager,
      { 'if-match': '"1"' },
    );
    expect(theirs.statusCode).toBe(403);
    const hidden = await admin(
      'POST',
      `/api/admin/items/${naan.id}/availability`,
      { store_id: shoreditch, hidden: true },
      camdenManager,
    );
    expect(hidden.statusCode).toBe(404);

    const own = await admin(
      'PATCH',
      `/api/admin/items/${naan.id}`,
      { store_prices: [{ store_id: camden, price: 395 }] },
      camdenManager,
      { 'if-match': '"1"' },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().data as EditableItem).stores[0]).toMatchObject({ price: 395 });
    expect((await dishAt(camden, 'Garlic naan'))!.price).toBe(395);
    expect((await dishAt(shoreditch, 'Garlic naan'))!.price).toBe(350);
  });

  it('the Service screen’s menu is the named store’s', async () => {
    const { editorMenu, admin, camden, shoreditch } = await openEditorShop(service.ctx);
    const naan = (await editorMenu()).categories[1]!.items[0]!;
    await admin('POST', `/api/admin/items/${naan.id}/availability`, {
      store_id: shoreditch,
      hidden: true,
    });
    const list = async (storeId: string) =>
      ((await admin('GET', `/api/admin/stores/${storeId}/menu`)).json().data as ServiceItem[]).find(
        (i) => i.id === naan.id,
      );
    expect((await list(camden))!.hidden).toBe(false);
    expect((await list(shoreditch))!.hidden).toBe(true);
  });
});

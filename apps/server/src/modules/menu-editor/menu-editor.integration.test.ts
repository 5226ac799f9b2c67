import { describe, expect, it } from 'vitest';
import type { EditableItem } from '@servery/contract/menu-editor';
import type { MenuItemDetail } from '@servery/contract/menu';
import { newDish, openEditorShop } from '../../../test/menu-editor-shop.ts';
import { useServiceApp } from '../../../test/service-shop.ts';

// Issue 28, points 1 and 4: categories and dishes edited in the staff app, seen by customers.
const service = useServiceApp();

describe('the menu editor', () => {
  it('reads the store menu with every object’s version, hidden dishes too', async () => {
    const { editorMenu, camden, camdenCook, admin } = await openEditorShop(service.ctx);
    const menu = await editorMenu();
    expect(menu.store_id).toBe(camden);
    expect(menu.categories.map((c) => [c.name, c.version])).toEqual([
      ['Curries', 1],
      ['Breads', 1],
      ['Drinks', 1],
      ['Specials', 1],
    ]);
    const special = menu.categories[0]!.items.find((i) => i.name === 'Winter special')!;
    expect(special).toMatchObject({ version: 1, price: 1295 });
    expect(special.stores.map((s) => [s.name, s.sells, s.hidden])).toEqual([
      ['Camden', true, true],
      ['Shoreditch', true, true],
    ]);
    // Cooks mark dishes sold out; they do not edit the menu.
    expect((await admin('GET', '/api/admin/menu', undefined, camdenCook)).statusCode).toBe(403);
  });

  it('adds a dish with an option group and a dearer Shoreditch price; customers see it', async () => {
    const ctx = await openEditorShop(service.ctx);
    const { editorMenu, admin, camden, shoreditch, dishAt, get, auditRows, order } = ctx;
    const curries = (await editorMenu()).categories[0]!;
    const res = await admin(
      'POST',
      '/api/admin/items',
      newDish(curries.id, [camden, shoreditch], {
        store_prices: [{ store_id: shoreditch, price: 995 }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const dish = res.json().data as EditableItem;
    expect(dish).toMatchObject({
      name: 'Dal makhani',
      version: 1,
      price: 895,
      vat_rate: 20,
      kcal: 640,
      allergens: { contains: ['milk'], may_contain: ['mustard'] },
      option_groups: [{ id: 'rice', min: 1, max: 1, options: [{ id: 'plain-rice' }, {}] }],
    });
    expect(dish.stores.map((s) => [s.name, s.sells, s.price])).toEqual([
      ['Camden', true, null],
      ['Shoreditch', true, 995],
    ]);
    expect((await dishAt(camden, 'Dal makhani'))!.price).toBe(895);
    expect((await dishAt(shoreditch, 'Dal makhani'))!.price).toBe(995);
    const detail = (await get(`/api/menu/item/${dish.id}?store_id=${shoreditch}`)).json()
      .data as MenuItemDetail;
    expect(detail.price).toBe(995);
    expect(detail.modifier_groups[0]!.options.map((o) => o.name)).toEqual([
      'Plain rice',
      'Pilau rice',
    ]);

    const line = {
      item_id: dish.id,
      quantity: 2,
      modifiers: [{ group_id: 'rice', option_ids: ['pilau-rice'] }],
    };
    const placed = await order(shoreditch, [line]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.order.lines[0]).toMatchObject({ unit_price: 995 + 150 });

    const [audit] = await auditRows('item.create');
    expect(audit!.after).toMatchObject({
      name: 'Dal makhani',
      price: 895,
      stores: [{ store: 'Camden' }, { store: 'Shoreditch', price: 995 }],
    });
  });

  it('a dish for Camden only is not on Shoreditch’s menu, though they share it', async () => {
    const { editorMenu, admin, camden, shoreditch, dishAt, order } = await openEditorShop(
      service.ctx,
    );
    const breads = (await editorMenu()).categories[1]!;
    const res = await admin('POST', '/api/admin/items', {
      ...newDish(breads.id, [camden]),
      option_groups: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await dishAt(camden, 'Dal makhani'))!.price).toBe(895);
    expect(await dishAt(shoreditch, 'Dal makhani')).toBeUndefined();
    const line = { item_id: res.json().data.id, quantity: 1, modifiers: [] };
    expect((await order(shoreditch, [line])).statusCode).toBe(422);
  });

  it('adds, renames, reorders and hides categories, with audit rows', async () => {
    const { editorMenu, admin, camden, storeMenu, auditRows } = await openEditorShop(service.ctx);
    const added = await admin('POST', '/api/admin/categories', {
      store_id: camden,
      name: 'Sides',
    });
    expect(added.statusCode, added.body).toBe(201);
    const sides = added.json().data as { id: string; version: number };
    const moved = await admin(
      'PATCH',
      `/api/admin/categories/${sides.id}`,
      { position: 0, name: 'Small plates' },
      undefined,
      { 'if-match': `"${sides.version}"` },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers.etag).toBe('"2"');
    expect((await editorMenu()).categories.map((c) => c.name)).toEqual([
      'Small plates',
      'Curries',
      'Breads',
      'Drinks',
      'Specials',
    ]);
    const breads = (await editorMenu()).categories[2]!;
    const hidden = await admin(
      'PATCH',
      `/api/admin/categories/${breads.id}`,
      { hidden: true },
      undefined,
      { 'if-match': '"1"' },
    );
    expect(hidden.statusCode).toBe(200);
    expect((await storeMenu(camden)).categories.map((c) => c.name)).not.toContain('Breads');
    const rows = await auditRows('category.update');
    expect(rows.map((r) => [r.before, r.after])).toContainEqual([
      expect.objectContaining({ name: 'Breads', hidden: false }),
      expect.objectContaining({ name: 'Breads', hidden: true }),
    ]);
  });

  it('deletes an empty category, audited; one holding dishes is refused with how many, changing nothing', async () => {
    const { editorMenu, admin, camden, storeMenu, auditRows } = await openEditorShop(service.ctx);
    const breads = (await editorMenu()).categories.find((c) => c.name === 'Breads')!;
    const held = breads.items.length;
    expect(held).toBe(1);
    const refused = await admin(
      'DELETE',
      `/api/admin/categories/${breads.id}`,
      undefined,
      undefined,
      {
        'if-match': `"${breads.version}"`,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Breads still holds 1 dish: move it to another category (in the dish's form) first, or hide Breads instead.",
    );
    expect((await editorMenu()).categories.find((c) => c.id === breads.id)?.items).toHaveLength(
      held,
    );

    const added = await admin('POST', '/api/admin/categories', { store_id: camden, name: 'Sides' });
    const sides = added.json().data as { id: string; version: number };
    const stale = await admin('DELETE', `/api/admin/categories/${sides.id}`, undefined, undefined, {
      'if-match': `"${sides.version + 1}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: sides.id, name: 'Sides' });
    const names = (await editorMenu()).categories.map((c) => c.name);
    expect(names).toContain('Sides');

    const gone = await admin('DELETE', `/api/admin/categories/${sides.id}`, undefined, undefined, {
      'if-match': `"${sides.version}"`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('Sides is deleted.');
    expect((await editorMenu()).categories.map((c) => c.name)).toEqual(
      names.filter((n) => n !== 'Sides'),
    );
    expect((await storeMenu(camden)).categories.map((c) => c.name)).not.toContain('Sides');
    expect((await auditRows('category.delete')).map((r) => r.before)).toEqual([
      expect.objectContaining({ name: 'Sides', hidden: false }),
    ]);
    // A second tap finds nothing left to delete.
    const again = await admin('DELETE', `/api/admin/categories/${sides.id}`, undefined, undefined, {
      'if-match': `"${sides.version}"`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a category named as another on the menu, any case, and a double tap adds one (walk2 item 8)', async () => {
    const { editorMenu, admin, camden } = await openEditorShop(service.ctx);
    const add = (name: string) =>
      admin('POST', '/api/admin/categories', { store_id: camden, name });
    const [first, second] = await Promise.all([add('Winter specials'), add('Winter specials')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const again = await add('  breads ');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'There is already a category called “Breads” on this menu.',
      errors: { name: 'There is already a category called “Breads” on this menu.' },
    });
    const winter = (await editorMenu()).categories.find((c) => c.name === 'Winter specials')!;
    const renamed = await admin(
      'PATCH',
      `/api/admin/categories/${winter.id}`,
      { name: 'CURRIES' },
      undefined,
      { 'if-match': `"${winter.version}"` },
    );
    expect(renamed.statusCode).toBe(409);
    const names = (await editorMenu()).categories.map((c) => c.name);
    expect(names.filter((n) => n === 'Winter specials')).toHaveLength(1);
    expect(names).not.toContain('CURRIES');
    // A category may keep its own name in another case.
    const recased = await admin(
      'PATCH',
      `/api/admin/categories/${winter.id}`,
      { name: 'Winter Specials' },
      undefined,
      { 'if-match': `"${winter.version}"` },
    );
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('sets a category’s kitchen brand, refuses an unknown one, and audits the change', async () => {
    const { editorMenu, admin, camden, storeMenu, auditRows } = await openEditorShop(service.ctx);
    const menu = await editorMenu();
    expect(menu.brands).toEqual([{ slug: 'first-brand', name: 'First Brand' }]);
    const breads = menu.categories.find((c) => c.name === 'Breads')!;
    const path = `/api/admin/categories/${breads.id}`;
    const unknown = await admin('PATCH', path, { brand: 'nobody' }, undefined, {
      'if-match': `"${breads.version}"`,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ brand: 'There is no such brand in this shop.' });
    const res = await admin(
      'PATCH',
      path,
      { brand: 'first-brand', name: 'Flatbreads' },
      undefined,
      {
        'if-match': `"${breads.version}"`,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await storeMenu(camden)).categories.find((c) => c.name === 'Flatbreads');
    expect(seen?.brand).toBe('first-brand');
    const [row] = await auditRows('category.update');
    expect([row!.before, row!.after]).toEqual([
      expect.objectContaining({ name: 'Breads', brand: null }),
      expect.objectContaining({ name: 'Flatbreads', brand: 'first-brand' }),
    ]);
  });

  it('moves a dish within its category, the audit keeping its place before and after', async () => {
    const { editorMenu, admin, auditRows, storeMenu, camden } = await openEditorShop(service.ctx);
    const curries = (await editorMenu()).categories[0]!;
    expect(curries.items.map((i) => i.name)).toEqual(['Chicken tikka masala', 'Winter special']);
    const special = curries.items[1]!;
    const res = await admin('PATCH', `/api/admin/items/${special.id}`, { position: 0 }, undefined, {
      'if-match': '"1"',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await editorMenu()).categories[0]!.items.map((i) => i.name);
    expect(after).toEqual(['Winter special', 'Chicken tikka masala']);
    const [row] = await auditRows('item.update');
    expect([row!.before, row!.after]).toEqual([
      expect.objectContaining({ name: 'Winter special', position: 1 }),
      expect.objectContaining({ name: 'Winter special', position: 0 }),
    ]);
    // Customers see the new order (the special is hidden at Camden: the tikka stays first there).
    const curriesSeen = (await storeMenu(camden)).categories.find((c) => c.name === 'Curries');
    expect(curriesSeen?.items.map((i) => i.name)).toEqual(['Chicken tikka masala']);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const { editorMenu, admin, camden } = await openEditorShop(service.ctx);
    const curries = (await editorMenu()).categories[0]!;
    const bad = await admin('POST', '/api/admin/items', {
      ...newDish(curries.id, [camden]),
      vat_rate: 17,
      option_groups: [{ name: 'Rice', min: 3, max: 1, options: [{ name: 'Plain' }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['vat_rate', 'option_groups.0.min']),
    );
    const noIfMatch = await admin('PATCH', `/api/admin/items/${curries.items[0]!.id}`, {
      price: 1,
    });
    expect(noIfMatch.statusCode).toBe(428);
    expect((await editorMenu()).categories[0]!.items.map((i) => i.name)).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { EditableItem } from '@servery/contract/menu-editor';
import { openEditorShop } from '../../../test/menu-editor-shop.ts';
import { useServiceApp } from '../../../test/service-shop.ts';

// Issue 28, point 2: two managers editing one dish cannot silently undo each other.
const service = useServiceApp();

describe('no lost edits', () => {
  it('a save from an older read is 409 with the colleague’s values, and overwrites nothing', async () => {
    const { editorMenu, admin, manager, owner, dishAt, camden } = await openEditorShop(service.ctx);
    const naan = (await editorMenu()).categories[1]!.items[0]!;
    expect(naan).toMatchObject({ name: 'Garlic naan', version: 1 });

    const first = await admin(
      'PATCH',
      `/api/admin/items/${naan.id}`,
      { price: 395, description: 'Baked to order' },
      owner,
      { 'if-match': '"1"' },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe('"2"');

    const stale = await admin('PATCH', `/api/admin/items/${naan.id}`, { price: 300 }, manager, {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.headers.etag).toBe('"2"');
    expect(stale.json()).toMatchObject({
      status: 409,
      message: expect.stringContaining('Someone else saved this'),
      current: { version: 2, price: 395, description: 'Baked to order' },
    });
    expect((await dishAt(camden, 'Garlic naan'))!.price).toBe(395);

    // Reapplied on the colleague's version, the save goes through.
    const again = await admin('PATCH', `/api/admin/items/${naan.id}`, { price: 300 }, manager, {
      'if-match': stale.headers.etag as string,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      version: 3,
      price: 300,
      description: 'Baked to order',
    });
  });

  it('two saves racing from the same version: exactly one wins', async () => {
    const { editorMenu, admin, manager, owner } = await openEditorShop(service.ctx);
    const curry = (await editorMenu()).categories[0]!.items[0]!;
    const [a, b] = await Promise.all([
      admin('PATCH', `/api/admin/items/${curry.id}`, { name: 'Tikka masala' }, owner, {
        'if-match': '"1"',
      }),
      admin('PATCH', `/api/admin/items/${curry.id}`, { name: 'Butter chicken' }, manager, {
        'if-match': '"1"',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json().data as EditableItem;
    const loser = (a.statusCode === 409 ? a : b).json() as { current: EditableItem };
    expect(loser.current.name).toBe(winner.name);
    const now = (await editorMenu()).categories[0]!.items[0]!;
    expect(now).toMatchObject({ name: winner.name, version: 2 });
  });

  it('categories carry versions too', async () => {
    const { editorMenu, admin, owner } = await openEditorShop(service.ctx);
    const drinks = (await editorMenu()).categories[2]!;
    const ok = await admin(
      'PATCH',
      `/api/admin/categories/${drinks.id}`,
      { name: 'Cold drinks' },
      owner,
      {
        'if-match': '"1"',
      },
    );
    expect(ok.statusCode).toBe(200);
    const stale = await admin(
      'PATCH',
      `/api/admin/categories/${drinks.id}`,
      { name: 'Drinks!' },
      undefined,
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Cold drinks', version: 2 });
    expect((await editorMenu()).categories[2]!.name).toBe('Cold drinks');
  });
});

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditableCategory, EditableItem, EditableMenu } from '@servery/contract/menu-editor';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { MenuEditorPage } from './menu-editor-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CAMDEN = '22222222-2222-4222-8222-222222222222';
const SHOREDITCH = '33333333-3333-4333-8333-333333333333';
const ok = (data: unknown): WireAnswer => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});

const dish = (
  id: string,
  name: string,
  price: number,
  shoreditch: number | null,
): EditableItem => ({
  id,
  version: 1,
  category_id: 'c1',
  name,
  description: '',
  price,
  vat_rate: 20,
  kcal: null,
  allergens: { contains: [], may_contain: [] },
  diets: [],
  image: null,
  option_groups: [],
  stores: [
    {
      store_id: CAMDEN,
      name: 'Camden',
      sells: true,
      price: null,
      sold_out: false,
      sold_out_until: null,
      hidden: false,
      editable: true,
    },
    {
      store_id: SHOREDITCH,
      name: 'Shoreditch',
      sells: true,
      price: shoreditch,
      sold_out: false,
      sold_out_until: null,
      hidden: false,
      editable: true,
    },
  ],
});
const curries: EditableCategory = {
  id: 'c1',
  version: 3,
  name: 'Curries',
  description: 'Slow cooked',
  brand: null,
  hidden: false,
  items: [dish('i1', 'Chicken tikka masala', 1195, 1295), dish('i2', 'Dal makhani', 895, null)],
};
const breads: EditableCategory = {
  ...curries,
  id: 'c2',
  version: 1,
  name: 'Breads',
  hidden: true,
  items: [],
};
const menu: EditableMenu = {
  store_id: CAMDEN,
  menu_id: 'm1',
  stores: [
    { id: CAMDEN, name: 'Camden', editable: true },
    { id: SHOREDITCH, name: 'Shoreditch', editable: true },
  ],
  brands: [{ slug: 'wok-street', name: 'Wok Street' }],
  categories: [curries, breads],
};

function renderPage() {
  render(
    <Provider store={createAdminState()}>
      <MenuEditorPage />
    </Provider>,
  );
}

describe('a new category (walk2 items 8, 12, 13)', () => {
  it('says an empty name, sends one request for a double tap, and says a taken name under the field', async () => {
    const user = userEvent.setup();
    const taken = 'There is already a category called “Curries” on this menu.';
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      'POST /api/admin/categories': {
        status: 409,
        body: { status: 409, message: taken, data: null, errors: { name: taken } },
      },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'New category' });
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Check the new category: Give it a name.',
    );
    expect(within(form).getByText('Give it a name')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'New category' }), 'curries');
    await user.dblClick(within(form).getByRole('button', { name: 'Add category' }));
    await within(form).findByText(taken, { selector: '#new-category-error' });
    expect(wire.sent.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('the menu editor page', () => {
  it('renames a category and gives it a kitchen brand, saving only what changed', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      '/api/admin/categories/c1': ok({
        ...curries,
        version: 4,
        name: 'House curries',
        brand: 'wok-street',
      }),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Category Curries' });
    const name = within(form).getByRole('textbox', { name: 'Category name' });
    await user.clear(name);
    await user.type(name, 'House curries');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Kitchen (brand)' }),
      'wok-street',
    );
    await user.click(within(form).getByRole('button', { name: 'Save category' }));
    expect(wire.sent.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/admin/categories/c1',
      body: { name: 'House curries', brand: 'wok-street' },
    });
    await within(form).findByText('House curries is saved.');
  });

  it('asks before hiding a category (all its dishes go), and shows one again with one tap', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      '/api/admin/categories/c1': ok({ ...curries, version: 2, hidden: true }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Hide Curries' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Curries from the menu?' });
    expect(dialog.textContent).toContain('its 2 dishes until it is shown again');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it on the menu' }));
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Hide Curries' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Hide Curries from the menu?' })).getByRole(
        'button',
        { name: 'Hide it' },
      ),
    );
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/admin/categories/c1', body: { hidden: true } }),
    ]);
    wire.sent.length = 0;
    await user.click(screen.getByRole('button', { name: 'Show Breads' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/admin/categories/c2', body: { hidden: false } }),
    ]);
  });

  it('a category with no name says so at the field and sends nothing', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({ '/api/admin/menu': ok(menu) });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Category Curries' });
    await user.clear(within(form).getByRole('textbox', { name: 'Category name' }));
    await user.click(within(form).getByRole('button', { name: 'Save category' }));
    expect(await within(form).findByText('Give it a name')).toBeTruthy();
    expect(wire.sent.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('a stale category save shows the colleague’s name and starts from their version', async () => {
    const user = userEvent.setup();
    const theirs = { ...curries, version: 4, name: 'Curry house', items: [] };
    stubApiWire({
      '/api/admin/menu': ok(menu),
      '/api/admin/categories/c1': {
        status: 409,
        body: { status: 409, message: 'Someone else saved this', data: null, current: theirs },
      },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Category Curries' });
    await user.type(within(form).getByRole('textbox', { name: 'Category description' }), '!');
    await user.click(within(form).getByRole('button', { name: 'Save category' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('“Curry house”');
    expect(within(form).getByRole('textbox', { name: 'Category name' })).toHaveProperty(
      'value',
      'Curry house',
    );
  });

  it('moves a dish down with the keyboard’s button, and shows each store’s own price', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      '/api/admin/items/i1': ok({ ...curries.items[0], version: 2 }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Dishes in Curries' });
    expect(within(list).getByText('£11.95 · Shoreditch £12.95')).toBeTruthy();
    expect(
      within(list).getByRole('button', { name: 'Move Chicken tikka masala up' }),
    ).toHaveProperty('disabled', true);
    await user.click(within(list).getByRole('button', { name: 'Move Chicken tikka masala down' }));
    expect(wire.sent.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/admin/items/i1',
      body: { position: 1 },
    });
    // The categories move the same way (once the dish's move is saved and the menu read again).
    const categories = screen.getByRole('list', { name: 'Categories' });
    await waitFor(() =>
      expect(
        within(categories)
          .getByRole('button', { name: 'Move Breads up' })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await user.click(within(categories).getByRole('button', { name: 'Move Breads up' }));
    expect(wire.sent.filter((c) => c.method === 'PATCH').at(-1)).toMatchObject({
      path: '/api/admin/categories/c2',
      body: { position: 0 },
    });
  });

  it('a double tap on an arrow moves once and waits for the save, never a stale version (409)', async () => {
    const user = userEvent.setup();
    let save = () => {};
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      '/api/admin/items/i1': {
        ...ok({ ...curries.items[0], version: 2 }),
        after: new Promise<void>((resolve) => (save = resolve)),
      },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Dishes in Curries' });
    const down = within(list).getByRole('button', { name: 'Move Chicken tikka masala down' });
    await user.dblClick(down);
    // The arrow waits where the finger and the focus are; one move was sent.
    expect(down.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(down);
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    // Saved: the menu comes back with the dish second and its new version.
    const moved = { ...curries.items[0]!, version: 2 };
    wire.answers['/api/admin/menu'] = ok({
      ...menu,
      categories: [{ ...curries, items: [curries.items[1]!, moved] }, breads],
    });
    save();
    const up = await within(list).findByRole('button', { name: 'Move Chicken tikka masala up' });
    await waitFor(() => expect(up.getAttribute('aria-disabled')).toBeNull());
    await user.click(up);
    expect(wire.sent.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/items/i1', { position: 1 }],
      ['/api/admin/items/i1', { position: 0 }],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes an empty category after asking; one with dishes says why it cannot be deleted', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/menu': ok(menu),
      'DELETE /api/admin/categories/c2': ok({ ...breads, items: [] }),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Dishes in Curries' });
    expect(
      screen.getByText(
        'Only an empty category can be deleted: Curries holds 2 dishes. Move them to another category in the dish’s form, or hide Curries.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Curries' })).toBeNull();
    const categories = screen.getByRole('list', { name: 'Categories' });
    await user.click(within(categories).getByRole('button', { name: /^Breads \(hidden\)/ }));
    await user.click(screen.getByRole('button', { name: 'Delete Breads' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Breads?' });
    expect(wire.sent.filter((c) => c.method === 'DELETE')).toEqual([]);
    wire.answers['/api/admin/menu'] = ok({ ...menu, categories: [curries] });
    await user.click(within(dialog).getByRole('button', { name: 'Delete it' }));
    expect(wire.sent.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/categories/c2',
    ]);
    await waitFor(() =>
      expect(within(categories).queryByRole('button', { name: /^Breads/ })).toBeNull(),
    );
  });

  it('a dish another store sells too cannot be moved by someone who does not work there', async () => {
    const notMine = {
      ...curries.items[0]!,
      stores: curries.items[0]!.stores.map((s) =>
        s.store_id === SHOREDITCH ? { ...s, editable: false } : s,
      ),
    };
    stubApiWire({
      '/api/admin/menu': ok({
        ...menu,
        categories: [{ ...curries, items: [notMine, curries.items[1]] }],
      }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Dishes in Curries' });
    expect(
      within(list).getByRole('button', { name: 'Move Chicken tikka masala down' }),
    ).toHaveProperty('disabled', true);
    expect(within(list).getByRole('button', { name: 'Move Dal makhani up' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

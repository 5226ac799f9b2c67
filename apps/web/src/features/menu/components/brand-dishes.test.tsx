import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { MenuListItem, StoreMenu } from '@servery/contract/menu';
import { testStore } from '@servery/contract/menu.test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { BrandDishes } from './brand-dishes.tsx';

const store = testStore('store-1', { slug: 'shoreditch', name: 'Shoreditch', menu_id: 'menu-1' });

const dish = (id: string, name: string): MenuListItem => ({
  id,
  name,
  description: '',
  price: 650,
  image: null,
  kcal: null,
  allergens: { contains: [], may_contain: [] },
  dietary: [],
  sold_out: false,
  has_modifiers: false,
  has_required_modifiers: false,
});

const menu: StoreMenu = {
  store_id: 'store-1',
  menu_id: 'menu-1',
  name: 'Menu',
  categories: [
    {
      id: 'c1',
      slug: 'curries',
      name: 'Curries',
      description: '',
      brand: 'curry-house',
      items: [dish('d1', 'Lamb Rogan Josh')],
    },
    {
      id: 'c2',
      slug: 'bao',
      name: 'Bao',
      description: 'Steamed buns',
      brand: 'bao-down',
      items: [dish('d2', 'Chilli Paneer Bao'), dish('d3', 'Pork Belly Bao')],
    },
    {
      id: 'c3',
      slug: 'drinks',
      name: 'Drinks',
      description: '',
      brand: null,
      items: [dish('d4', 'Mango Lassi')],
    },
  ],
};

const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: 'OK', data } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(brandSlug: string) {
  const wire = stubApiWire({ '/api/store': ok([store]), '/api/menu/store-1': ok(menu) });
  const onAdd = vi.fn();
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter>
        <BrandDishes brandSlug={brandSlug} brandName="Bao Down" onAdd={onAdd} />
      </MemoryRouter>
    </Provider>,
  );
  return { onAdd, wire };
}

describe("a brand page's dishes", () => {
  it('lists the categories the menu gives the brand, each dish linking to its page', async () => {
    show('bao-down');
    const section = await screen.findByRole('region', { name: 'Bao Down dishes at Shoreditch' });
    expect(within(section).getByRole('heading', { name: 'Bao' })).toBeTruthy();
    const links = within(section).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Chilli Paneer Bao', '/store/store-1/product-details/d2'],
      ['Pork Belly Bao', '/store/store-1/product-details/d3'],
    ]);
    expect(screen.queryByText('Lamb Rogan Josh')).toBeNull();
    expect(screen.queryByText('Mango Lassi')).toBeNull();
  });

  it('adds a dish to the basket from the card', async () => {
    const { onAdd } = show('bao-down');
    (await screen.findByRole('button', { name: 'Add Pork Belly Bao to basket' })).click();
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ store_id: 'store-1', item_id: 'd3', name: 'Pork Belly Bao' }),
    );
  });

  it('shows nothing for a brand the menu gives no dishes', async () => {
    const { wire } = show('green-leaf');
    await waitFor(() => expect(wire.sent.map((c) => c.path)).toContain('/api/menu/store-1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});

import type { MenuListItem, StoreMenu } from '@servery/contract/menu';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, filterMenu, hasActiveFilters, matchMenu } from './menu-filters.ts';

function dish(id: string, overrides: Partial<MenuListItem> = {}): MenuListItem {
  return {
    id,
    name: id,
    description: '',
    price: 500,
    image: null,
    kcal: null,
    allergens: { contains: [], may_contain: [] },
    dietary: [],
    sold_out: false,
    has_modifiers: false,
    has_required_modifiers: false,
    ...overrides,
  };
}

const menu: StoreMenu = {
  store_id: 's',
  menu_id: 'm',
  name: 'All day',
  categories: [
    {
      id: 'c1',
      slug: 'starters',
      name: 'Starters',
      description: '',
      brand: null,
      items: [
        dish('Onion bhajis', {
          description: 'Gram-flour batter',
          allergens: { contains: [], may_contain: ['gluten'] },
          dietary: ['vegetarian', 'vegan'],
        }),
        dish('Paneer tikka', {
          allergens: { contains: ['milk'], may_contain: [] },
          dietary: ['vegetarian'],
        }),
      ],
    },
    {
      id: 'c2',
      slug: 'desserts',
      name: 'Desserts',
      description: '',
      brand: null,
      items: [
        dish('Crème brûlée', {
          description: 'Vanilla custard',
          allergens: { contains: ['milk', 'eggs'], may_contain: [] },
          dietary: ['vegetarian'],
        }),
      ],
    },
    {
      id: 'c3',
      slug: 'drinks',
      name: 'Drinks',
      description: '',
      brand: null,
      items: [dish('Mango lassi', { allergens: { contains: ['milk'], may_contain: [] } })],
    },
  ],
};

const names = (result: ReturnType<typeof filterMenu>) =>
  result.categories.flatMap((c) => c.items.map((i) => i.name));

describe('the menu filters', () => {
  it('keep the whole menu, in order and the same lists, when nothing is asked', () => {
    const result = filterMenu(menu, NO_FILTERS);
    expect(names(result)).toEqual(['Onion bhajis', 'Paneer tikka', 'Crème brûlée', 'Mango lassi']);
    expect(result.categories[0]!.items).toBe(menu.categories[0]!.items);
    expect(result).toMatchObject({ shown: 4, total: 4 });
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
  });

  it('find every word of the search in the name or description, ignoring case and accents', () => {
    expect(names(filterMenu(menu, { ...NO_FILTERS, query: 'CREME' }))).toEqual(['Crème brûlée']);
    expect(names(filterMenu(menu, { ...NO_FILTERS, query: 'batter onion' }))).toEqual([
      'Onion bhajis',
    ]);
    expect(names(filterMenu(menu, { ...NO_FILTERS, query: 'onion custard' }))).toEqual([]);
    expect(hasActiveFilters({ ...NO_FILTERS, query: '  ' })).toBe(false);
  });

  it('hide dishes that contain an avoided allergen, and drop categories left empty', () => {
    const result = filterMenu(menu, { ...NO_FILTERS, avoid: ['milk'] });
    expect(names(result)).toEqual(['Onion bhajis']);
    expect(result.categories.map((c) => c.category.slug)).toEqual(['starters']);
    expect(result).toMatchObject({ shown: 1, total: 4 });
  });

  it('hide dishes that may contain an avoided allergen too', () => {
    expect(names(filterMenu(menu, { ...NO_FILTERS, avoid: ['gluten'] }))).toEqual([
      'Paneer tikka',
      'Crème brûlée',
      'Mango lassi',
    ]);
    expect(names(filterMenu(menu, { ...NO_FILTERS, avoid: ['gluten', 'milk'] }))).toEqual([]);
  });

  it('keep only dishes with every diet asked for', () => {
    expect(names(filterMenu(menu, { ...NO_FILTERS, diets: ['vegetarian'] }))).toEqual([
      'Onion bhajis',
      'Paneer tikka',
      'Crème brûlée',
    ]);
    expect(names(filterMenu(menu, { ...NO_FILTERS, diets: ['vegetarian', 'vegan'] }))).toEqual([
      'Onion bhajis',
    ]);
  });

  it('combine search, allergens and diets', () => {
    const result = filterMenu(menu, { query: 'tikka', avoid: ['gluten'], diets: ['vegetarian'] });
    expect(names(result)).toEqual(['Paneer tikka']);
  });

  it('mark, for a list that keeps every dish, which dishes show in each category', () => {
    const all = matchMenu(menu, NO_FILTERS);
    expect(all).toEqual({
      masks: [null, null, null],
      counts: [2, 1, 1],
      categories: menu.categories,
      shown: 4,
      total: 4,
    });

    const vegetarian = matchMenu(menu, { ...NO_FILTERS, diets: ['vegetarian'] });
    // Starters keep both dishes (no mask); desserts keep theirs; drinks lose their only one.
    expect(vegetarian.masks).toEqual([null, null, '0']);
    expect(vegetarian.counts).toEqual([2, 1, 0]);
    expect(vegetarian.categories.map((c) => c.slug)).toEqual(['starters', 'desserts']);
    expect(vegetarian).toMatchObject({ shown: 3, total: 4 });

    const noMilk = matchMenu(menu, { ...NO_FILTERS, avoid: ['milk'] });
    expect(noMilk.masks).toEqual(['10', '0', '0']);
    expect(noMilk.categories.map((c) => c.slug)).toEqual(['starters']);
  });

  it('agree with filterMenu on every combination', () => {
    const cases = [
      { query: 'tikka', avoid: [], diets: [] },
      { query: 'CREME', avoid: [], diets: [] },
      { query: '', avoid: ['gluten'], diets: [] },
      { query: '', avoid: ['gluten', 'milk'], diets: [] },
      { query: '', avoid: [], diets: ['vegetarian', 'vegan'] },
      { query: 'a', avoid: ['eggs'], diets: ['vegetarian'] },
    ] as const;
    for (const filters of cases) {
      const matched = matchMenu(menu, filters);
      const shownNames = menu.categories.flatMap((category, c) =>
        category.items
          .filter((_, i) => matched.masks[c] === null || matched.masks[c]![i] === '1')
          .filter(() => matched.counts[c]! > 0)
          .map((item) => item.name),
      );
      expect(shownNames).toEqual(names(filterMenu(menu, filters)));
      expect(matched.shown).toBe(filterMenu(menu, filters).shown);
    }
  });
});

import {
  ALLERGENS,
  DIETARY_TAGS,
  type Allergen,
  type DietaryTag,
} from '@servery/contract/allergens';
import type { MenuCategory, MenuListItem, StoreMenu } from '@servery/contract/menu';

/** What the customer asked the menu for: words to find, allergens to avoid, diets to keep. */
export interface MenuFilters {
  query: string;
  avoid: readonly Allergen[];
  diets: readonly DietaryTag[];
}

export const NO_FILTERS: MenuFilters = { query: '', avoid: [], diets: [] };

export interface FilteredCategory {
  category: MenuCategory;
  items: MenuListItem[];
}

export interface FilteredMenu {
  categories: FilteredCategory[];
  shown: number;
  total: number;
}

/** Lower case without accents, so "creme" finds "Crème brûlée". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * What filtering needs of a dish, worked out once per dish (the menu's objects stay the same
 * while it is cached): its name and description normalised for search, and its allergens
 * (contains or may contain) and diets as bit sets, so a filter change costs a few comparisons
 * per dish even on a 500-dish menu.
 */
interface DishKey {
  text: string;
  allergens: number;
  diets: number;
}

const ALLERGEN_BIT = new Map<string, number>(ALLERGENS.map((a, i) => [a.key, 1 << i]));
const DIET_BIT = new Map<string, number>(DIETARY_TAGS.map((d, i) => [d.key, 1 << i]));
const bitsOf = (keys: readonly string[], bits: Map<string, number>) =>
  keys.reduce((set, key) => set | (bits.get(key) ?? 0), 0);

const dishKeys = new WeakMap<MenuListItem, DishKey>();
function keyOf(item: MenuListItem): DishKey {
  let key = dishKeys.get(item);
  if (key === undefined) {
    key = {
      text: normalise(`${item.name} ${item.description}`),
      allergens:
        bitsOf(item.allergens.contains, ALLERGEN_BIT) |
        bitsOf(item.allergens.may_contain, ALLERGEN_BIT),
      diets: bitsOf(item.dietary, DIET_BIT),
    };
    dishKeys.set(item, key);
  }
  return key;
}

/** The filters as the dish keys compare them. */
interface Query {
  words: string[];
  avoid: number;
  diets: number;
}

function queryOf(filters: MenuFilters): Query {
  return {
    words: normalise(filters.query).split(/\s+/).filter(Boolean),
    avoid: bitsOf(filters.avoid, ALLERGEN_BIT),
    diets: bitsOf(filters.diets, DIET_BIT),
  };
}

const isActive = (query: Query) => query.words.length > 0 || query.avoid !== 0 || query.diets !== 0;

function matches(item: MenuListItem, query: Query): boolean {
  const key = keyOf(item);
  if ((key.allergens & query.avoid) !== 0) return false;
  if ((key.diets & query.diets) !== query.diets) return false;
  return query.words.every((word) => key.text.includes(word));
}

export function hasActiveFilters(filters: MenuFilters): boolean {
  return filters.query.trim() !== '' || filters.avoid.length > 0 || filters.diets.length > 0;
}

/**
 * Whether a dish stays: every word of the search is in its name or description; it neither
 * contains nor may contain an allergen the customer avoids; it carries every diet asked for.
 */
export function dishMatches(item: MenuListItem, filters: MenuFilters): boolean {
  return matches(item, queryOf(filters));
}

/**
 * The menu as the filters leave it: categories in order, each with its matching dishes, and
 * categories left empty dropped. With no filter the category's own list is kept (the same
 * array), so nothing downstream re-renders for nothing.
 */
export function filterMenu(menu: StoreMenu, filters: MenuFilters): FilteredMenu {
  const query = queryOf(filters);
  const active = isActive(query);
  let shown = 0;
  let total = 0;
  const categories: FilteredCategory[] = [];
  for (const category of menu.categories) {
    total += category.items.length;
    const items = active ? category.items.filter((item) => matches(item, query)) : category.items;
    shown += items.length;
    if (items.length > 0) categories.push({ category, items });
  }
  return { categories, shown, total };
}

/**
 * Which dishes the filters leave, for a list that keeps every dish rendered and hides the rest:
 * per category of the menu (in its order), a mask with one character per dish, "1" shown and
 * "0" hidden, or null when all its dishes show. A category whose mask is unchanged by a
 * filter change need not render again.
 */
export interface MenuMatches {
  masks: (string | null)[];
  /** Dishes showing in each category of the menu. */
  counts: number[];
  /** The categories with at least one dish showing, in order. */
  categories: MenuCategory[];
  shown: number;
  total: number;
}

export function matchMenu(menu: StoreMenu, filters: MenuFilters): MenuMatches {
  const query = queryOf(filters);
  const active = isActive(query);
  const result: MenuMatches = { masks: [], counts: [], categories: [], shown: 0, total: 0 };
  for (const category of menu.categories) {
    let count = category.items.length;
    let mask: string | null = null;
    if (active) {
      mask = '';
      count = 0;
      for (const item of category.items) {
        const show = matches(item, query);
        mask += show ? '1' : '0';
        if (show) count++;
      }
      if (count === category.items.length) mask = null;
    }
    result.masks.push(mask);
    result.counts.push(count);
    result.total += category.items.length;
    result.shown += count;
    if (count > 0) result.categories.push(category);
  }
  return result;
}

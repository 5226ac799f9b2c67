import type { MenuItemDetail, MenuListItem, StoreMenu } from '@servery/contract/menu';
import type { Catalogue, MenuItemRow } from '../catalogue/catalogue.repository.ts';
import { itemAtStore } from './item-at-store.ts';

/** Sold out at `at`: indefinitely, or "today" until an instant still ahead (issue 15). */
export function soldOutAt(
  soldOut: boolean,
  until: Date | string | null | undefined,
  at: Date,
): boolean {
  return soldOut || (until != null && new Date(until).getTime() > at.getTime());
}

const turns = new WeakMap<Catalogue, number[]>();

/**
 * A key that changes exactly when something sold out "today" comes back: the next such
 * instant after `at`. Answers built from the catalogue are cached under it, so a dish returns at
 * the store's opening without any job, and nothing is rebuilt in between.
 */
export function availabilityKey(catalogue: Catalogue, at: Date): string {
  let instants = turns.get(catalogue);
  if (!instants) {
    const all = new Set<number>();
    for (const item of catalogue.items) {
      if (item.soldOutUntil) all.add(item.soldOutUntil.getTime());
      for (const group of item.modifierGroups) {
        for (const option of group.options) {
          if (option.soldOutUntil) all.add(new Date(option.soldOutUntil).getTime());
        }
      }
    }
    for (const row of catalogue.itemStores) {
      if (row.soldOutUntil) all.add(row.soldOutUntil.getTime());
    }
    instants = [...all].sort((a, b) => a - b);
    turns.set(catalogue, instants);
  }
  const next = instants.find((instant) => instant > at.getTime());
  return next === undefined ? 'steady' : String(next);
}

/** The instant an availability key stops holding (epoch ms), or undefined for 'steady'. */
export const untilOf = (key: string): number | undefined =>
  key === 'steady' ? undefined : Number(key);

function listItemOf(
  catalogue: Catalogue,
  item: MenuItemRow,
  storeId: string | null,
  at: Date,
): MenuListItem {
  const here = itemAtStore(catalogue, item, storeId);
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    price: here.price,
    image: item.image,
    kcal: item.kcal,
    allergens: item.allergens,
    dietary: item.dietary,
    sold_out: soldOutAt(here.soldOut, here.soldOutUntil, at),
    has_modifiers: item.modifierGroups.length > 0,
    has_required_modifiers: item.modifierGroups.some((g) => g.min > 0),
  };
}

/** Whether a store shows a dish: it sells it there and neither the dish nor the store hides it. */
export const shownAt = (catalogue: Catalogue, item: MenuItemRow, storeId: string | null) => {
  const here = itemAtStore(catalogue, item, storeId);
  return here.listed && !here.hidden;
};

/**
 * A store's menu: categories in order (hidden ones go), each with the dishes the store shows,
 * at its prices and with its switches; empty categories go.
 */
export function storeMenuOf(
  catalogue: Catalogue,
  storeId: string,
  menuId: string,
  at: Date,
): StoreMenu | null {
  const menu = catalogue.menus.find((m) => m.id === menuId);
  if (!menu) return null;
  const items = new Map(catalogue.items.map((item) => [item.id, item]));
  const categories = catalogue.categories
    .filter((category) => category.menuId === menuId && !category.hidden)
    .map((category) => ({
      id: category.id,
      slug: category.slug,
      name: category.name,
      description: category.description,
      brand: category.brand,
      items: catalogue.links
        .filter((link) => link.categoryId === category.id)
        .map((link) => items.get(link.itemId)!)
        .filter((item) => shownAt(catalogue, item, storeId))
        .map((item) => listItemOf(catalogue, item, storeId, at)),
    }))
    .filter((category) => category.items.length > 0);
  return { store_id: storeId, menu_id: menu.id, name: menu.name, categories };
}

/**
 * One dish with every choice and its allergens, as `storeId` sells it (or as the dish stands
 * when no store is named); null when hidden there.
 */
export function itemDetailOf(
  catalogue: Catalogue,
  item: MenuItemRow,
  storeId: string | null,
  at: Date,
): MenuItemDetail | null {
  if (!shownAt(catalogue, item, storeId)) return null;
  const listing = listItemOf(catalogue, item, storeId, at);
  const { has_modifiers: _m, has_required_modifiers: _r, ...listed } = listing;
  return {
    ...listed,
    vat_rate: item.vatRate,
    modifier_groups: item.modifierGroups.map((group) => ({
      id: group.slug,
      name: group.name,
      min: group.min,
      max: group.max,
      required: group.min > 0,
      options: group.options.map((option) => ({
        id: option.slug,
        name: option.name,
        price_delta: option.priceDelta,
        allergens: {
          contains: option.allergens.contains,
          may_contain: option.allergens.mayContain,
        },
        sold_out: soldOutAt(option.soldOut, option.soldOutUntil, at),
      })),
    })),
  };
}

const orderable = new WeakMap<Catalogue, Map<string, ReadonlyMap<string, MenuItemDetail>>>();

/**
 * The dishes a customer can order from one store, by id: in one of its menu's categories and
 * shown there, at the store's price, sold out as of `at`. Worked out once per cached catalogue, menu and availability key,
 * not on every order; shared, so read only.
 */
export function orderableItemsOf(
  catalogue: Catalogue,
  store: { id: string; menuId: string },
  at: Date,
): ReadonlyMap<string, MenuItemDetail> {
  const menuId = store.menuId;
  let byMenu = orderable.get(catalogue);
  if (!byMenu) orderable.set(catalogue, (byMenu = new Map()));
  const key = `${store.id}|${menuId}|${availabilityKey(catalogue, at)}`;
  let items = byMenu.get(key);
  if (!items) {
    const categories = new Set(
      catalogue.categories.filter((c) => c.menuId === menuId && !c.hidden).map((c) => c.id),
    );
    const onMenu = new Set(
      catalogue.links.filter((l) => categories.has(l.categoryId)).map((l) => l.itemId),
    );
    const details = new Map<string, MenuItemDetail>();
    for (const row of catalogue.items) {
      const detail = onMenu.has(row.id) ? itemDetailOf(catalogue, row, store.id, at) : null;
      if (detail) details.set(row.id, detail);
    }
    byMenu.set(key, (items = details));
  }
  return items;
}

import type { EditableItem } from '@servery/contract/menu-editor';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { soldOutState } from '../catalogue/sold-out-state.ts';
import type { ItemRow, ItemStoreRow } from './menu-editor.repository.ts';

export interface ShopStore {
  id: string;
  name: string;
  menuId: string | null;
}

/** What the editor needs to draw one dish: its row, where it is listed and its store rows. */
export interface ItemContext {
  item: ItemRow;
  /** The category the editor shows it in (the one of the menu being edited, else its first). */
  categoryId: string;
  /** The menus whose categories list it. */
  menuIds: ReadonlySet<string>;
  storeRows: readonly ItemStoreRow[];
  stores: readonly ShopStore[];
}

/** The stores that sell a dish: their menu lists it and the store has not taken it off. */
export function sellingStores(ctx: Omit<ItemContext, 'item' | 'categoryId'>): string[] {
  return ctx.stores
    .filter((store) => store.menuId && ctx.menuIds.has(store.menuId))
    .filter((store) => ctx.storeRows.find((r) => r.storeId === store.id)?.listed !== false)
    .map((store) => store.id);
}

/** A dish as the editor reads it, with its version and each store's price and switches. */
export function editableItemOf(ctx: ItemContext, staff: StaffIdentity, at: Date): EditableItem {
  const { item } = ctx;
  const selling = new Set(sellingStores(ctx));
  return {
    id: item.id,
    version: item.version,
    category_id: ctx.categoryId,
    name: item.name,
    description: item.description,
    price: item.price,
    vat_rate: item.vatRate,
    kcal: item.kcal,
    allergens: item.allergens,
    diets: item.dietary,
    image: item.image,
    option_groups: item.modifierGroups.map((group) => ({
      id: group.slug,
      name: group.name,
      min: group.min,
      max: group.max,
      options: group.options.map((option) => ({
        id: option.slug,
        name: option.name,
        price_delta: option.priceDelta,
        allergens: {
          contains: option.allergens.contains,
          may_contain: option.allergens.mayContain,
        },
      })),
    })),
    stores: ctx.stores.map((store) => {
      const row = ctx.storeRows.find((r) => r.storeId === store.id);
      const state = soldOutState(
        item.soldOut || (row?.soldOut ?? false),
        row?.soldOutUntil ?? item.soldOutUntil,
        at,
      );
      return {
        store_id: store.id,
        name: store.name,
        sells: selling.has(store.id),
        price: row?.price ?? null,
        ...state,
        hidden: item.hidden || (row?.hidden ?? false),
        editable: staff.storeIds.includes(store.id),
      };
    }),
  };
}

/** What the audit keeps of a dish: the fields a person edits, by their API names. */
export function auditedItem(view: EditableItem) {
  return {
    name: view.name,
    description: view.description,
    price: view.price,
    vat_rate: view.vat_rate,
    kcal: view.kcal,
    allergens: view.allergens,
    diets: view.diets,
    image: view.image,
    category_id: view.category_id,
    option_groups: view.option_groups,
    stores: view.stores
      .filter((s) => s.sells)
      .map((s) => ({ store: s.name, price: s.price, hidden: s.hidden, sold_out: s.sold_out })),
  };
}

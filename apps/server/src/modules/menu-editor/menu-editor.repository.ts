import { and, asc, eq, inArray, like, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  brands,
  menuCategories,
  menuCategoryItems,
  menuItemStores,
  menuItems,
  menus,
  stores,
} from '../../db/schema.ts';

export type ItemRow = typeof menuItems.$inferSelect;
export type CategoryRow = typeof menuCategories.$inferSelect;
export type ItemStoreRow = typeof menuItemStores.$inferSelect;
export type ItemStoreValues = Partial<
  Pick<ItemStoreRow, 'listed' | 'price' | 'soldOut' | 'soldOutUntil' | 'hidden'>
>;

export async function lockItemRow(tx: Executor, tenantId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)))
    .for('update');
  return row ?? null;
}

export async function lockCategoryRow(tx: Executor, tenantId: string, categoryId: string) {
  const [row] = await tx
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.tenantId, tenantId), eq(menuCategories.id, categoryId)))
    .for('update');
  return row ?? null;
}

export async function shopStores(db: Executor, tenantId: string) {
  return db
    .select({ id: stores.id, name: stores.name, menuId: stores.menuId })
    .from(stores)
    .where(eq(stores.tenantId, tenantId))
    .orderBy(asc(stores.position));
}

export async function shopBrands(db: Executor, tenantId: string) {
  return db
    .select({ slug: brands.slug, name: brands.name })
    .from(brands)
    .where(eq(brands.tenantId, tenantId))
    .orderBy(asc(brands.position));
}

/** The categories a dish is listed in (one per menu at most, in practice). */
export async function linksOfItem(db: Executor, itemId: string) {
  return db
    .select({
      categoryId: menuCategoryItems.categoryId,
      menuId: menuCategories.menuId,
      slug: menuCategories.slug,
      position: menuCategoryItems.position,
    })
    .from(menuCategoryItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuCategoryItems.categoryId))
    .where(eq(menuCategoryItems.itemId, itemId));
}

export async function itemStoreRows(db: Executor, itemId: string) {
  return db.select().from(menuItemStores).where(eq(menuItemStores.itemId, itemId));
}

export async function upsertItemStore(
  tx: Executor,
  key: { tenantId: string; itemId: string; storeId: string },
  values: ItemStoreValues,
) {
  await tx
    .insert(menuItemStores)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [menuItemStores.itemId, menuItemStores.storeId], set: values });
}

export async function insertItem(tx: Executor, values: typeof menuItems.$inferInsert) {
  const [row] = await tx.insert(menuItems).values(values).returning();
  return row!;
}

/** Writes the dish and bumps its version, so a save made from an older read is refused. */
export async function updateItemRow(
  tx: Executor,
  itemId: string,
  values: Partial<typeof menuItems.$inferInsert>,
) {
  const [row] = await tx
    .update(menuItems)
    .set({ ...values, version: sql`${menuItems.version} + 1` })
    .where(eq(menuItems.id, itemId))
    .returning();
  return row!;
}

export async function nextItemPosition(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ top: max(menuItems.position) })
    .from(menuItems)
    .where(eq(menuItems.tenantId, tenantId));
  return (row?.top ?? -1) + 1;
}

/**
 * Holds a menu's row until the transaction ends: two adds (a double tap, two people) check the
 * menu's category names one after the other, in one process or two.
 */
export async function lockMenuRow(tx: Executor, menuId: string) {
  await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, menuId)).for('update');
}

export async function categoriesOfMenu(db: Executor, menuId: string) {
  return db
    .select()
    .from(menuCategories)
    .where(eq(menuCategories.menuId, menuId))
    .orderBy(asc(menuCategories.position));
}

export async function insertCategory(tx: Executor, values: typeof menuCategories.$inferInsert) {
  const [row] = await tx.insert(menuCategories).values(values).returning();
  return row!;
}

export async function updateCategoryRow(
  tx: Executor,
  categoryId: string,
  values: Partial<typeof menuCategories.$inferInsert>,
) {
  const [row] = await tx
    .update(menuCategories)
    .set({ ...values, version: sql`${menuCategories.version} + 1` })
    .where(eq(menuCategories.id, categoryId))
    .returning();
  return row!;
}

/** Sets the positions of a list of rows to their index (a reorder writes the whole list). */
export async function renumberCategories(tx: Executor, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(menuCategories).set({ position }).where(eq(menuCategories.id, id));
  }
}

/** Deletes a category (its links to dishes go with it; the editor deletes only empty ones). */
export async function deleteCategoryRow(tx: Executor, categoryId: string) {
  await tx.delete(menuCategories).where(eq(menuCategories.id, categoryId));
}

export async function categoryLinks(db: Executor, categoryId: string) {
  return db
    .select()
    .from(menuCategoryItems)
    .where(eq(menuCategoryItems.categoryId, categoryId))
    .orderBy(asc(menuCategoryItems.position));
}

/** Replaces a category's dish order with `itemIds`. */
export async function writeCategoryLinks(
  tx: Executor,
  tenantId: string,
  categoryId: string,
  itemIds: string[],
) {
  await tx.delete(menuCategoryItems).where(eq(menuCategoryItems.categoryId, categoryId));
  if (itemIds.length === 0) return;
  await tx
    .insert(menuCategoryItems)
    .values(itemIds.map((itemId, position) => ({ tenantId, categoryId, itemId, position })));
}

export async function unlinkItem(tx: Executor, itemId: string, categoryIds: string[]) {
  if (categoryIds.length === 0) return;
  await tx
    .delete(menuCategoryItems)
    .where(
      and(eq(menuCategoryItems.itemId, itemId), inArray(menuCategoryItems.categoryId, categoryIds)),
    );
}

export async function categoryBySlug(db: Executor, menuId: string, slug: string) {
  const [row] = await db
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.menuId, menuId), eq(menuCategories.slug, slug)));
  return row ?? null;
}

export async function slugsTaken(db: Executor, tenantId: string, prefix: string) {
  const rows = await db
    .select({ slug: menuItems.slug })
    .from(menuItems)
    .where(and(eq(menuItems.tenantId, tenantId), like(menuItems.slug, `${prefix}%`)));
  return new Set(rows.map((r) => r.slug));
}

/** The dish's shop-wide switches, once spread to its stores (no new version: not an edit). */
export async function clearShopWideSwitches(tx: Executor, itemId: string) {
  await tx
    .update(menuItems)
    .set({ soldOut: false, soldOutUntil: null, hidden: false })
    .where(eq(menuItems.id, itemId));
}

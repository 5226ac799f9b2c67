import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { TenantDocument } from '@servery/contract/tenant-document';
import type { Executor } from '../../db/client.ts';
import {
  menuCategories,
  menuCategoryItems,
  menuItemStores,
  menuItems,
  menus,
} from '../../db/schema.ts';

export type MenuRow = typeof menus.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type MenuCategoryRow = typeof menuCategories.$inferSelect;
export type MenuItemStoreRow = typeof menuItemStores.$inferSelect;

/**
 * Writes the document's dishes and menus over the tenant's (inside the import's transaction).
 * Dishes and menus keep their ids, found again by slug; categories are rewritten. Returns each
 * menu's id by slug, for the stores that sell from them.
 */
export async function writeCatalogue(
  tx: Executor,
  tenantId: string,
  doc: Pick<TenantDocument, 'items' | 'menus'>,
): Promise<Map<string, string>> {
  const itemIds = new Map<string, string>();
  for (const [position, item] of doc.items.entries()) {
    const values = {
      tenantId,
      slug: item.slug,
      name: item.name,
      description: item.description,
      price: item.price,
      image: item.image,
      kcal: item.kcal,
      allergens: { contains: item.allergens.contains, may_contain: item.allergens.mayContain },
      dietary: item.dietary,
      vatRate: item.vatRate,
      soldOut: item.soldOut,
      soldOutUntil: item.soldOutUntil ? new Date(item.soldOutUntil) : null,
      hidden: item.hidden,
      modifierGroups: item.modifierGroups,
      position,
    };
    const [row] = await tx
      .insert(menuItems)
      .values(values)
      .onConflictDoUpdate({ target: [menuItems.tenantId, menuItems.slug], set: values })
      .returning({ id: menuItems.id });
    itemIds.set(item.slug, row!.id);
  }
  await tx
    .delete(menuItems)
    .where(
      itemIds.size
        ? and(eq(menuItems.tenantId, tenantId), notInArray(menuItems.slug, [...itemIds.keys()]))
        : eq(menuItems.tenantId, tenantId),
    );

  const menuIds = new Map<string, string>();
  for (const [position, menu] of doc.menus.entries()) {
    const values = { tenantId, slug: menu.slug, name: menu.name, position };
    const [row] = await tx
      .insert(menus)
      .values(values)
      .onConflictDoUpdate({ target: [menus.tenantId, menus.slug], set: values })
      .returning({ id: menus.id });
    menuIds.set(menu.slug, row!.id);
  }
  await tx
    .delete(menus)
    .where(
      menuIds.size
        ? and(eq(menus.tenantId, tenantId), notInArray(menus.slug, [...menuIds.keys()]))
        : eq(menus.tenantId, tenantId),
    );

  // Categories have no id anyone keeps: rewrite them (their item links go with them).
  await tx.delete(menuCategories).where(eq(menuCategories.tenantId, tenantId));
  for (const menu of doc.menus) {
    for (const [position, category] of menu.categories.entries()) {
      const [row] = await tx
        .insert(menuCategories)
        .values({
          tenantId,
          menuId: menuIds.get(menu.slug)!,
          slug: category.slug,
          name: category.name,
          description: category.description,
          brand: category.brand ?? null,
          hidden: category.hidden ?? false,
          position,
        })
        .returning({ id: menuCategories.id });
      const links = [...new Set(category.items)].map((slug, index) => ({
        tenantId,
        categoryId: row!.id,
        itemId: itemIds.get(slug)!,
        position: index,
      }));
      if (links.length) await tx.insert(menuCategoryItems).values(links);
    }
  }
  return menuIds;
}

/** The tenant's whole catalogue, in document order. */
export async function loadCatalogue(db: Executor, tenantId: string) {
  const [menuRows, categoryRows, linkRows, itemRows, itemStoreRows] = await Promise.all([
    db.select().from(menus).where(eq(menus.tenantId, tenantId)).orderBy(asc(menus.position)),
    db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.tenantId, tenantId))
      .orderBy(asc(menuCategories.position)),
    db
      .select()
      .from(menuCategoryItems)
      .where(eq(menuCategoryItems.tenantId, tenantId))
      .orderBy(asc(menuCategoryItems.position)),
    db
      .select()
      .from(menuItems)
      .where(eq(menuItems.tenantId, tenantId))
      .orderBy(asc(menuItems.position)),
    db.select().from(menuItemStores).where(eq(menuItemStores.tenantId, tenantId)),
  ]);
  return {
    menus: menuRows,
    categories: categoryRows,
    links: linkRows,
    items: itemRows,
    /** Each dish at each store that differs from the dish (issue 28). */
    itemStores: itemStoreRows,
  };
}
export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** Each dish's settings at its stores (issue 28), rewritten from the document after its stores. */
export async function writeItemStores(
  tx: Executor,
  tenantId: string,
  doc: Pick<TenantDocument, 'items'>,
  storeIds: ReadonlyMap<string, string>,
) {
  await tx.delete(menuItemStores).where(eq(menuItemStores.tenantId, tenantId));
  const itemIds = new Map(
    (
      await tx
        .select({ id: menuItems.id, slug: menuItems.slug })
        .from(menuItems)
        .where(eq(menuItems.tenantId, tenantId))
    ).map((r) => [r.slug, r.id]),
  );
  const rows = doc.items.flatMap((item) =>
    (item.stores ?? []).map((at) => ({
      tenantId,
      itemId: itemIds.get(item.slug)!,
      storeId: storeIds.get(at.store)!,
      listed: at.sells,
      price: at.price ?? null,
      soldOut: at.soldOut,
      soldOutUntil: at.soldOutUntil ? new Date(at.soldOutUntil) : null,
      hidden: at.hidden,
    })),
  );
  if (rows.length) await tx.insert(menuItemStores).values(rows);
}

/** A dish's settings at its stores as the document writes them: only where they differ. */
export function itemStoresDocument(
  catalogue: Catalogue,
  stores: readonly { id: string; slug: string }[],
  itemId: string,
) {
  const rows = catalogue.itemStores.filter((row) => row.itemId === itemId);
  const list = stores.flatMap((store) => {
    const row = rows.find((r) => r.storeId === store.id);
    if (!row) return [];
    return [
      {
        store: store.slug,
        sells: row.listed,
        ...(row.price !== null ? { price: row.price } : {}),
        soldOut: row.soldOut,
        ...(row.soldOutUntil ? { soldOutUntil: row.soldOutUntil.toISOString() } : {}),
        hidden: row.hidden,
      },
    ];
  });
  return list.length ? { stores: list } : {};
}

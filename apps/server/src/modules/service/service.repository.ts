import { and, eq, inArray, sql } from 'drizzle-orm';
import { WEEKDAYS, type WeeklyHours } from '@servery/contract/opening-hours';
import type { Executor } from '../../db/client.ts';
import {
  menuCategories,
  menuCategoryItems,
  menuItems,
  storeOpeningHours,
  stores,
  tenants,
} from '../../db/schema.ts';

export type ItemRow = typeof menuItems.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;

/** One dish of the shop, locked for the change. */
export async function lockItem(tx: Executor, tenantId: string, itemId: string) {
  const [row] = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)))
    .for('update');
  return row ?? null;
}

/** Every dish of the shop, locked (an option's switch changes all dishes that offer it). */
export async function lockItems(tx: Executor, tenantId: string) {
  return tx.select().from(menuItems).where(eq(menuItems.tenantId, tenantId)).for('update');
}

export async function updateItem(
  tx: Executor,
  itemId: string,
  values: Partial<
    Pick<ItemRow, 'soldOut' | 'soldOutUntil' | 'hidden' | 'price' | 'modifierGroups'>
  >,
) {
  const [row] = await tx.update(menuItems).set(values).where(eq(menuItems.id, itemId)).returning();
  return row!;
}

/** Dish id → the stores whose menu lists it. */
export async function storesByItem(db: Executor, tenantId: string) {
  const rows = await db
    .select({ itemId: menuCategoryItems.itemId, storeId: stores.id })
    .from(menuCategoryItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuCategoryItems.categoryId))
    .innerJoin(stores, eq(stores.menuId, menuCategories.menuId))
    .where(eq(menuCategoryItems.tenantId, tenantId));
  const map = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = map.get(row.itemId) ?? new Set();
    set.add(row.storeId);
    map.set(row.itemId, set);
  }
  return map;
}

/** One store of the shop, locked for the change. */
export async function lockStore(tx: Executor, tenantId: string, storeId: string) {
  const [row] = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)))
    .for('update');
  return row ?? null;
}

export async function updateStore(
  tx: Executor,
  storeId: string,
  values: Partial<Pick<StoreRow, 'pause' | 'busyExtraMinutes' | 'busyUntil' | 'specialDays'>>,
) {
  await tx
    .update(stores)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId));
}

/** A store's weekly hours as the document writes them. */
export async function weeklyHours(db: Executor, storeId: string): Promise<WeeklyHours> {
  const rows = await db
    .select()
    .from(storeOpeningHours)
    .where(eq(storeOpeningHours.storeId, storeId))
    .orderBy(storeOpeningHours.weekday, storeOpeningHours.opens);
  const hours: WeeklyHours = {};
  for (const row of rows) {
    const day = WEEKDAYS[row.weekday - 1]!;
    (hours[day] ??= []).push({ opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) });
  }
  return hours;
}

export async function replaceHours(
  tx: Executor,
  tenantId: string,
  storeId: string,
  hours: WeeklyHours,
) {
  await tx.delete(storeOpeningHours).where(eq(storeOpeningHours.storeId, storeId));
  const rows = WEEKDAYS.flatMap((day, index) =>
    (hours[day] ?? []).map((range) => ({
      tenantId,
      storeId,
      weekday: index + 1,
      opens: range.opens,
      closes: range.closes,
    })),
  );
  if (rows.length) await tx.insert(storeOpeningHours).values(rows);
}

export async function lockTenant(tx: Executor, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row ?? null;
}

export async function updateTenantSettings(
  tx: Executor,
  tenantId: string,
  values: Pick<typeof tenants.$inferSelect, 'config' | 'booking'>,
) {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/** Stores of the shop among `ids`. */
export async function storesAmong(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), inArray(stores.id, ids)));
}

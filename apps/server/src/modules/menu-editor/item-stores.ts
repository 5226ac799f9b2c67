import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { sellingStores, type ItemContext } from './editable-view.ts';
import {
  categoryBySlug,
  categoryLinks,
  upsertItemStore,
  writeCategoryLinks,
} from './menu-editor.repository.ts';

const rule = (field: string, message: string) =>
  new AppError(422, 'rule', message, { [field]: message });

/**
 * Which stores sell a dish, and at what price (issue 28). A store whose menu does not list the
 * dish yet gets it in its category of the same name (slug); one the caller does not work at
 * is left as it was, and asking to change it is a 403.
 */
export async function applyStores(
  tx: Executor,
  staff: StaffIdentity,
  ctx: ItemContext,
  categorySlug: string,
  wanted: { storeIds: string[]; prices: { store_id: string; price: number }[] },
  fresh = false,
) {
  const known = new Set(ctx.stores.map((s) => s.id));
  const unknown = [...wanted.storeIds, ...wanted.prices.map((p) => p.store_id)].find(
    (id) => !known.has(id),
  );
  if (unknown) throw rule('store_ids', 'One of the stores is not a store of this shop.');
  // A new dish is sold nowhere yet: stores sharing its menu that were not chosen are marked off.
  const selling = new Set(fresh ? [] : sellingStores(ctx));
  const menuIds = new Set(ctx.menuIds);
  for (const store of ctx.stores) {
    const sells = wanted.storeIds.includes(store.id);
    const price = wanted.prices.find((p) => p.store_id === store.id)?.price ?? null;
    const row = ctx.storeRows.find((r) => r.storeId === store.id);
    const changes = sells !== selling.has(store.id) || price !== (row?.price ?? null);
    const listsIt = store.menuId !== null && menuIds.has(store.menuId);
    if (!changes && !(fresh && listsIt)) continue;
    if (changes && !staff.storeIds.includes(store.id)) {
      throw new AppError(403, 'other_stores', `You do not work at ${store.name}.`);
    }
    if (sells && !store.menuId) {
      throw rule('store_ids', `${store.name} has no menu yet.`);
    }
    if (sells && store.menuId && !menuIds.has(store.menuId)) {
      const category = await categoryBySlug(tx, store.menuId, categorySlug);
      if (!category) {
        throw rule('store_ids', `${store.name}'s menu has no category like this dish's.`);
      }
      const links = await categoryLinks(tx, category.id);
      const ids = [...links.map((l) => l.itemId), ctx.item.id];
      await writeCategoryLinks(tx, staff.tenantId, category.id, ids);
      menuIds.add(store.menuId);
    }
    if (store.menuId && menuIds.has(store.menuId)) {
      const key = { tenantId: staff.tenantId, itemId: ctx.item.id, storeId: store.id };
      await upsertItemStore(tx, key, { listed: sells, price });
    }
  }
}

import type { EditableItem, ItemCreate, ItemEdit } from '@servery/contract/menu-editor';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { auditedItem, type ItemContext } from './editable-view.ts';
import {
  StaleEdit,
  announceMenuChange,
  contextOf,
  loadItemContext,
  requireAllStores,
  versionOf,
  viewOf,
} from './item-context.ts';
import { freeSlug, modifierGroupsOf, slugOf } from './item-input.ts';
import { applyStores } from './item-stores.ts';
import {
  categoryLinks,
  insertItem,
  lockCategoryRow,
  nextItemPosition,
  shopStores,
  slugsTaken,
  unlinkItem,
  updateItemRow,
  writeCategoryLinks,
} from './menu-editor.repository.ts';

export interface EditorDeps {
  db: Database;
  now: () => Date;
}

const rule = (field: string, message: string) =>
  new AppError(422, 'rule', message, { [field]: message });

/** A category of the shop the caller may add to (its menu sold at one of their stores). */
async function categoryFor(tx: Executor, staff: StaffIdentity, categoryId: string) {
  const category = await lockCategoryRow(tx, staff.tenantId, categoryId);
  const stores = await shopStores(tx, staff.tenantId);
  const mine = stores.some((s) => s.menuId === category?.menuId && staff.storeIds.includes(s.id));
  if (!category || !mine) throw notFound('There is no such category in your stores.');
  return category;
}

/** Moves the dish to `position` in its category, or to the end of another category. */
async function placeItem(tx: Executor, staff: StaffIdentity, ctx: ItemContext, patch: ItemEdit) {
  const from = ctx.categoryId;
  const to = patch.category_id ?? from;
  if (to !== from) {
    const target = await categoryFor(tx, staff, to);
    const current = from ? await lockCategoryRow(tx, staff.tenantId, from) : null;
    if (current && current.menuId !== target.menuId) {
      throw rule('category_id', 'Move a dish within its own menu.');
    }
    await unlinkItem(tx, ctx.item.id, from ? [from] : []);
  }
  if (to === from && patch.position === undefined) return;
  const ids = (await categoryLinks(tx, to)).map((l) => l.itemId).filter((id) => id !== ctx.item.id);
  ids.splice(Math.min(patch.position ?? ids.length, ids.length), 0, ctx.item.id);
  await writeCategoryLinks(tx, staff.tenantId, to, ids);
}

/** The dish's place in its category (0 first), as the audit keeps it. */
async function placeOf(tx: Executor, categoryId: string, itemId: string) {
  if (!categoryId) return null;
  return (await categoryLinks(tx, categoryId)).findIndex((l) => l.itemId === itemId);
}

export function createItemsService({ db, now }: EditorDeps) {
  return {
    async create(staff: StaffIdentity, actor: AuditActor, body: ItemCreate) {
      const at = now();
      return db.transaction(async (tx) => {
        const category = await categoryFor(tx, staff, body.category_id);
        const base = slugOf(body.name);
        const item = await insertItem(tx, {
          tenantId: staff.tenantId,
          slug: freeSlug(base, await slugsTaken(tx, staff.tenantId, base)),
          name: body.name,
          description: body.description,
          price: body.price,
          image: null,
          kcal: body.kcal ?? null,
          allergens: body.allergens,
          dietary: body.diets,
          vatRate: body.vat_rate,
          soldOut: false,
          hidden: false,
          modifierGroups: modifierGroupsOf(body.option_groups, []),
          position: await nextItemPosition(tx, staff.tenantId),
        });
        const links = (await categoryLinks(tx, category.id)).map((l) => l.itemId);
        await writeCategoryLinks(tx, staff.tenantId, category.id, [...links, item.id]);
        const prices = body.store_prices;
        const fresh = await contextOf(tx, staff, item, category.menuId);
        await applyStores(
          tx,
          staff,
          fresh,
          category.slug,
          { storeIds: body.store_ids, prices },
          true,
        );
        const view = viewOf(await contextOf(tx, staff, item, category.menuId), staff, at);
        await recordAudit(tx, actor, {
          action: 'item.create',
          entity: 'menu_item',
          entityId: item.id,
          after: auditedItem(view),
        });
        await announceMenuChange(tx, staff.tenantId, item.id);
        return view;
      });
    },

    /** A save of the dish read at `version`; 409 with the current dish when it moved on since. */
    async edit(
      staff: StaffIdentity,
      actor: AuditActor,
      itemId: string,
      ifMatch: string | undefined,
      patch: ItemEdit,
    ): Promise<EditableItem> {
      const at = now();
      return db.transaction(async (tx) => {
        const ctx = await loadItemContext(tx, staff, itemId);
        const before = viewOf(ctx, staff, at);
        // Checked once the dish is known to be the caller's: a stranger learns nothing.
        if (ctx.item.version !== versionOf(ifMatch)) throw new StaleEdit(before, ctx.item.version);
        const { store_ids, store_prices, ...shared } = patch;
        if (Object.keys(shared).length > 0) requireAllStores(ctx, staff);
        const placeBefore = await placeOf(tx, ctx.categoryId, itemId);
        await placeItem(tx, staff, ctx, patch);
        if (store_ids || store_prices) {
          const category = ctx.categoryId
            ? await lockCategoryRow(tx, staff.tenantId, ctx.categoryId)
            : null;
          await applyStores(tx, staff, ctx, category?.slug ?? '', {
            storeIds: store_ids ?? before.stores.filter((s) => s.sells).map((s) => s.store_id),
            prices:
              store_prices ??
              before.stores.flatMap((s) =>
                s.price === null ? [] : [{ store_id: s.store_id, price: s.price }],
              ),
          });
        }
        const row = await updateItemRow(tx, itemId, {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.price !== undefined ? { price: patch.price } : {}),
          ...(patch.vat_rate !== undefined ? { vatRate: patch.vat_rate } : {}),
          ...(patch.kcal !== undefined ? { kcal: patch.kcal } : {}),
          ...(patch.allergens ? { allergens: patch.allergens } : {}),
          ...(patch.diets ? { dietary: patch.diets } : {}),
          ...(patch.option_groups
            ? { modifierGroups: modifierGroupsOf(patch.option_groups, ctx.item.modifierGroups) }
            : {}),
        });
        const after = viewOf(await contextOf(tx, staff, row, null), staff, at);
        const placeAfter = await placeOf(tx, after.category_id, itemId);
        await recordAudit(tx, actor, {
          action: 'item.update',
          entity: 'menu_item',
          entityId: itemId,
          before: { ...auditedItem(before), position: placeBefore },
          after: { ...auditedItem(after), position: placeAfter },
        });
        await announceMenuChange(tx, staff.tenantId, itemId);
        return after;
      });
    },

    /** The dish as the editor reads it now (for its ETag after a photo or a stale save). */
    async read(staff: StaffIdentity, itemId: string) {
      return db.transaction(async (tx) =>
        viewOf(await loadItemContext(tx, staff, itemId), staff, now()),
      );
    },
  };
}
export type ItemsService = ReturnType<typeof createItemsService>;

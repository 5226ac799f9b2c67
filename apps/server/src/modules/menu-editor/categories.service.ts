import type {
  CategoryCreate,
  CategoryEdit,
  EditableCategory,
  EditableMenu,
} from '@servery/contract/menu-editor';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { loadCatalogue } from '../catalogue/catalogue.repository.ts';
import { editableItemOf } from './editable-view.ts';
import { StaleEdit, announceMenuChange, versionOf } from './item-context.ts';
import { freeSlug, slugOf } from './item-input.ts';
import type { EditorDeps } from './items.service.ts';
import {
  categoriesOfMenu,
  categoryLinks,
  deleteCategoryRow,
  insertCategory,
  lockCategoryRow,
  lockMenuRow,
  renumberCategories,
  shopBrands,
  shopStores,
  updateCategoryRow,
  type CategoryRow,
} from './menu-editor.repository.ts';

const noStore = () => notFound('There is no such store among yours.');
const noCategory = () => notFound('There is no such category in your stores.');

const categoryView = (row: CategoryRow): Omit<EditableCategory, 'items'> => ({
  id: row.id,
  version: row.version,
  name: row.name,
  description: row.description,
  brand: row.brand,
  hidden: row.hidden,
});

/** A category the caller may change: its menu is sold at one of their stores. */
async function ownCategory(tx: Executor, staff: StaffIdentity, categoryId: string) {
  const row = await lockCategoryRow(tx, staff.tenantId, categoryId);
  const stores = await shopStores(tx, staff.tenantId);
  const mine = stores.some((s) => s.menuId === row?.menuId && staff.storeIds.includes(s.id));
  if (!row || !mine) throw noCategory();
  return row;
}

async function checkBrand(tx: Executor, tenantId: string, brand: string | null | undefined) {
  if (!brand) return;
  if (!(await shopBrands(tx, tenantId)).some((b) => b.slug === brand)) {
    const message = 'There is no such brand in this shop.';
    throw new AppError(422, 'rule', message, { brand: message });
  }
}

/** A category's name is its own on its menu, whatever the letter case (walk2 item 8). */
function checkNameFree(siblings: CategoryRow[], name: string, self?: string) {
  const key = name.trim().toLocaleLowerCase('en-GB');
  const same = siblings.find(
    (c) => c.id !== self && c.name.trim().toLocaleLowerCase('en-GB') === key,
  );
  if (!same) return;
  const message = `There is already a category called “${same.name}” on this menu.`;
  throw new AppError(409, 'category_exists', message, { name: message });
}

export function createCategoriesService({ db, now }: EditorDeps) {
  return {
    /** The menu a store sells from, as the editor reads it: hidden categories and dishes too. */
    async menu(staff: StaffIdentity, storeId: string | undefined): Promise<EditableMenu> {
      const at = now();
      const id = storeId ?? staff.storeIds[0];
      const stores = await shopStores(db, staff.tenantId);
      const store = stores.find((s) => s.id === id);
      if (!store || !staff.storeIds.includes(store.id)) throw noStore();
      const catalogue = await loadCatalogue(db, staff.tenantId);
      const categories = catalogue.categories.filter((c) => c.menuId === store.menuId);
      const menuIdsOf = (itemId: string) => {
        const ids = catalogue.links.filter((l) => l.itemId === itemId).map((l) => l.categoryId);
        return new Set(catalogue.categories.filter((c) => ids.includes(c.id)).map((c) => c.menuId));
      };
      return {
        store_id: store.id,
        menu_id: store.menuId,
        stores: stores.map((s) => ({
          id: s.id,
          name: s.name,
          editable: staff.storeIds.includes(s.id),
        })),
        brands: await shopBrands(db, staff.tenantId),
        categories: categories.map((category) => ({
          ...categoryView(category),
          items: catalogue.links
            .filter((link) => link.categoryId === category.id)
            .map((link) => catalogue.items.find((item) => item.id === link.itemId)!)
            .map((item) =>
              editableItemOf(
                {
                  item,
                  categoryId: category.id,
                  menuIds: menuIdsOf(item.id),
                  storeRows: catalogue.itemStores.filter((r) => r.itemId === item.id),
                  stores,
                },
                staff,
                at,
              ),
            ),
        })),
      };
    },

    async create(staff: StaffIdentity, actor: AuditActor, body: CategoryCreate) {
      return db.transaction(async (tx) => {
        const store = (await shopStores(tx, staff.tenantId)).find((s) => s.id === body.store_id);
        if (!store || !staff.storeIds.includes(store.id)) throw noStore();
        if (!store.menuId) throw notFound(`${store.name} has no menu yet.`);
        await checkBrand(tx, staff.tenantId, body.brand);
        await lockMenuRow(tx, store.menuId);
        const siblings = await categoriesOfMenu(tx, store.menuId);
        checkNameFree(siblings, body.name);
        const row = await insertCategory(tx, {
          tenantId: staff.tenantId,
          menuId: store.menuId,
          slug: freeSlug(slugOf(body.name), new Set(siblings.map((c) => c.slug))),
          name: body.name,
          description: body.description,
          brand: body.brand,
          position: siblings.length,
        });
        await recordAudit(tx, actor, {
          action: 'category.create',
          entity: 'menu_category',
          entityId: row.id,
          after: { name: row.name, store: store.name, brand: row.brand },
        });
        await announceMenuChange(tx, staff.tenantId, row.id);
        return { ...categoryView(row), items: [] };
      });
    },

    async edit(
      staff: StaffIdentity,
      actor: AuditActor,
      categoryId: string,
      ifMatch: string | undefined,
      patch: CategoryEdit,
    ) {
      return db.transaction(async (tx) => {
        const row = await ownCategory(tx, staff, categoryId);
        if (row.version !== versionOf(ifMatch)) {
          throw new StaleEdit({ ...categoryView(row), items: [] }, row.version);
        }
        await checkBrand(tx, staff.tenantId, patch.brand);
        if (patch.name !== undefined) {
          await lockMenuRow(tx, row.menuId);
          checkNameFree(await categoriesOfMenu(tx, row.menuId), patch.name, row.id);
        }
        if (patch.position !== undefined) {
          const ids = (await categoriesOfMenu(tx, row.menuId)).map((c) => c.id);
          const rest = ids.filter((id) => id !== row.id);
          rest.splice(Math.min(patch.position, rest.length), 0, row.id);
          await renumberCategories(tx, rest);
        }
        const { position: _p, ...values } = patch;
        const updated = await updateCategoryRow(tx, row.id, values);
        const audited = (c: CategoryRow) => ({
          name: c.name,
          description: c.description,
          brand: c.brand,
          hidden: c.hidden,
          position: c.position,
        });
        await recordAudit(tx, actor, {
          action: 'category.update',
          entity: 'menu_category',
          entityId: row.id,
          before: audited(row),
          after: audited(updated),
        });
        await announceMenuChange(tx, staff.tenantId, row.id);
        return { ...categoryView(updated), items: [] };
      });
    },

    /**
     * Deletes an empty category (decision 89): one that still holds dishes is refused with a
     * 409 saying how many, as its dishes would otherwise leave the menu unseen; the owner moves
     * them (each dish's form) or hides the category instead. Confirmed in the editor first.
     */
    async remove(
      staff: StaffIdentity,
      actor: AuditActor,
      categoryId: string,
      ifMatch: string | undefined,
    ) {
      return db.transaction(async (tx) => {
        const row = await ownCategory(tx, staff, categoryId);
        if (row.version !== versionOf(ifMatch)) {
          throw new StaleEdit({ ...categoryView(row), items: [] }, row.version);
        }
        const dishes = (await categoryLinks(tx, row.id)).length;
        if (dishes > 0) {
          const held = dishes === 1 ? '1 dish' : `${dishes} dishes`;
          throw new AppError(
            409,
            'category_not_empty',
            `${row.name} still holds ${held}: move ${dishes === 1 ? 'it' : 'them'} to another category (in the dish's form) first, or hide ${row.name} instead.`,
          );
        }
        await lockMenuRow(tx, row.menuId);
        await deleteCategoryRow(tx, row.id);
        await renumberCategories(
          tx,
          (await categoriesOfMenu(tx, row.menuId)).map((c) => c.id),
        );
        await recordAudit(tx, actor, {
          action: 'category.delete',
          entity: 'menu_category',
          entityId: row.id,
          before: {
            name: row.name,
            description: row.description,
            brand: row.brand,
            hidden: row.hidden,
            position: row.position,
          },
        });
        await announceMenuChange(tx, staff.tenantId, row.id);
        // As it was, empty: the answer of PATCH's shape, checked against the contract.
        return { ...categoryView(row), items: [] };
      });
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { announceShopChanged } from '../tenants/tenants.repository.ts';
import { editableItemOf, sellingStores, type ItemContext } from './editable-view.ts';
import {
  itemStoreRows,
  linksOfItem,
  lockItemRow,
  shopStores,
  type ItemRow,
} from './menu-editor.repository.ts';

/** A save made from an older read: answered 409 with what the dish (or category) is now. */
export class StaleEdit extends AppError {
  constructor(
    readonly current: unknown,
    readonly version: number,
  ) {
    super(
      409,
      'stale',
      'Someone else saved this in the meantime. Their version is shown; apply your changes to it again.',
    );
  }
}

/** The version an `If-Match` header names (`"3"`, `W/"3"` or `3`); 428 when there is none. */
export function versionOf(ifMatch: string | undefined): number {
  const match = ifMatch ? /^(?:W\/)?"?(\d{1,9})"?$/.exec(ifMatch.trim()) : null;
  if (!match) {
    throw new AppError(
      428,
      'precondition_required',
      'Send If-Match with the ETag of the version you edited.',
    );
  }
  return Number(match[1]);
}

export const etagOf = (version: number) => `"${version}"`;

export const itemNotFound = () => notFound('There is no such dish in your stores.');

/** A dish and everything the editor shows with it, read in `tx` (the dish row locked). */
export async function loadItemContext(
  tx: Executor,
  staff: StaffIdentity,
  itemId: string,
  menuId?: string | null,
): Promise<ItemContext> {
  const item = await lockItemRow(tx, staff.tenantId, itemId);
  if (!item) throw itemNotFound();
  return contextOf(tx, staff, item, menuId);
}

export async function contextOf(
  tx: Executor,
  staff: StaffIdentity,
  item: ItemRow,
  menuId?: string | null,
): Promise<ItemContext> {
  const [links, storeRows, stores] = await Promise.all([
    linksOfItem(tx, item.id),
    itemStoreRows(tx, item.id),
    shopStores(tx, staff.tenantId),
  ]);
  const here = links.find((l) => l.menuId === menuId) ?? links[0];
  const ctx = {
    item,
    categoryId: here?.categoryId ?? '',
    menuIds: new Set(links.map((l) => l.menuId)),
    storeRows,
    stores,
  };
  // Staff reach a dish through a store they work in; an owner reaches every dish.
  const listedAt = ctx.stores.filter((s) => s.menuId && ctx.menuIds.has(s.menuId));
  if (staff.role !== 'owner' && !listedAt.some((s) => staff.storeIds.includes(s.id))) {
    throw itemNotFound();
  }
  return ctx;
}

/**
 * A change to what every store sells (name, price, allergens…) is for people who work at every
 * store that sells the dish: a Camden manager sets Camden's price, not Shoreditch's dish.
 */
export function requireAllStores(ctx: ItemContext, staff: StaffIdentity) {
  const others = ctx.stores.filter(
    (s) => sellingStores(ctx).includes(s.id) && !staff.storeIds.includes(s.id),
  );
  if (others.length) {
    throw new AppError(
      403,
      'other_stores',
      `${others.map((s) => s.name).join(' and ')} also ${others.length > 1 ? 'sell' : 'sells'} this dish: ask someone who works there too, or set your store's own price.`,
    );
  }
}

export const viewOf = (ctx: ItemContext, staff: StaffIdentity, at: Date) =>
  editableItemOf(ctx, staff, at);

/** The boards and every process hear of a menu change when the transaction commits. */
export async function announceMenuChange(tx: Executor, tenantId: string, entityId: string) {
  await recordLiveEvent(tx, { tenantId, storeId: null, kind: 'menu.changed', entityId });
  await announceShopChanged(tx, tenantId);
}

import type { AvailabilityRequest, ServiceItem } from '@servery/contract/service';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { soldOutState } from '../catalogue/sold-out-state.ts';
import { announceShopChanged } from '../tenants/tenants.repository.ts';
import { nextServiceStart } from '../stores/opening.ts';
import { loadTenant } from '../tenants/tenants.repository.ts';
import { sellingStores, type ItemContext } from './editable-view.ts';
import { loadItemContext } from './item-context.ts';
import {
  clearShopWideSwitches,
  upsertItemStore,
  type ItemStoreValues,
} from './menu-editor.repository.ts';

/** When "today" ends at one store: its next opening on the shop's clock. */
async function todayEndsAt(tx: Executor, tenantId: string, storeId: string, at: Date) {
  const tenant = (await loadTenant(tx, tenantId))!;
  const store = tenant.stores.find((s) => s.id === storeId)!;
  const hours = tenant.hours.filter((h) => h.storeId === storeId);
  return nextServiceStart(hours, store.specialDays, at, tenant.row.config.timeZone);
}

/**
 * A dish switched for the whole shop (by a tenant document, or before issue 28) becomes the same
 * switch at each store that sells it, so turning one store back on leaves the others as they were.
 */
async function spreadShopWideSwitches(tx: Executor, ctx: ItemContext, tenantId: string) {
  const { item } = ctx;
  if (!item.soldOut && !item.soldOutUntil && !item.hidden) return;
  for (const storeId of sellingStores(ctx)) {
    const row = ctx.storeRows.find((r) => r.storeId === storeId);
    await upsertItemStore(
      tx,
      { tenantId, itemId: item.id, storeId },
      {
        soldOut: item.soldOut || (row?.soldOut ?? false),
        soldOutUntil: row?.soldOutUntil ?? item.soldOutUntil,
        hidden: item.hidden || (row?.hidden ?? false),
      },
    );
  }
  await clearShopWideSwitches(tx, item.id);
}

/** The stores a change reaches: the one named, else the caller's that sell the dish; else 404. */
function targetStores(ctx: ItemContext, staff: StaffIdentity, named: string | undefined) {
  const selling = sellingStores(ctx);
  if (named) {
    if (!staff.storeIds.includes(named) || !selling.includes(named)) {
      throw notFound('There is no such dish at that store among yours.');
    }
    return [named];
  }
  const mine = selling.filter((id) => staff.storeIds.includes(id));
  if (mine.length === 0) throw notFound('There is no such dish in your stores.');
  return mine;
}

/**
 * POST /api/admin/items/{id}/availability (issue 28): sold out and hidden per dish and store. A
 * person changes only the stores they work at; the answer is the dish at the first store changed.
 */
export async function setStoreAvailability(
  tx: Executor,
  staff: StaffIdentity,
  actor: AuditActor,
  itemId: string,
  body: AvailabilityRequest,
  at: Date,
): Promise<ServiceItem> {
  const tenantId = staff.tenantId;
  const ctx = await loadItemContext(tx, staff, itemId);
  const storeIds = targetStores(ctx, staff, body.store_id);
  const stateAt = (storeId: string, c: ItemContext) => {
    const row = c.storeRows.find((r) => r.storeId === storeId);
    const soldOut = c.item.soldOut || (row?.soldOut ?? false);
    const until = row?.soldOutUntil ?? c.item.soldOutUntil;
    return { ...soldOutState(soldOut, until, at), hidden: c.item.hidden || (row?.hidden ?? false) };
  };
  const names = (ids: string[]) =>
    ids.map((id) => ctx.stores.find((s) => s.id === id)!.name).join(', ');
  const before = stateAt(storeIds[0]!, ctx);
  await spreadShopWideSwitches(tx, ctx, tenantId);
  for (const storeId of storeIds) {
    const values: ItemStoreValues = {};
    if (body.sold_out !== undefined) {
      values.soldOut = body.sold_out === 'indefinitely';
      values.soldOutUntil =
        body.sold_out === 'today' ? await todayEndsAt(tx, tenantId, storeId, at) : null;
    }
    if (body.hidden !== undefined) values.hidden = body.hidden;
    await upsertItemStore(tx, { tenantId, itemId, storeId }, values);
  }
  const after = stateAt(storeIds[0]!, await loadItemContext(tx, staff, itemId));
  await recordAudit(tx, actor, {
    action: 'item.availability',
    entity: 'menu_item',
    entityId: itemId,
    before: { name: ctx.item.name, stores: names(storeIds), ...before },
    after: { name: ctx.item.name, stores: names(storeIds), ...after },
  });
  await recordLiveEvent(tx, {
    tenantId,
    storeId: null,
    kind: 'availability.changed',
    entityId: itemId,
  });
  await announceShopChanged(tx, tenantId);
  return {
    id: itemId,
    name: ctx.item.name,
    category: '',
    price: ctx.storeRows.find((r) => r.storeId === storeIds[0])?.price ?? ctx.item.price,
    ...after,
    options: [],
  };
}

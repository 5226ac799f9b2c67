import type {
  AvailabilityRequest,
  ItemPatch,
  OptionAvailability,
  ServiceItem,
  SoldOutState,
} from '@servery/contract/service';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { loadCatalogue } from '../catalogue/catalogue.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { nextServiceStart } from '../stores/opening.ts';
import { loadTenant } from '../tenants/tenants.repository.ts';
import {
  announceShopChanged,
  lockItem,
  lockItems,
  storesByItem,
  updateItem,
  type ItemRow,
} from './service.repository.ts';

export interface ServiceDeps {
  db: Database;
  now: () => Date;
}

/** What a sold-out flag and its instant mean at `at`. */
export function soldOutState(
  soldOut: boolean,
  until: Date | string | null | undefined,
  at: Date,
): { sold_out: SoldOutState; sold_out_until: string | null } {
  if (soldOut) return { sold_out: 'indefinitely', sold_out_until: null };
  const instant = until ? new Date(until) : null;
  if (instant && instant.getTime() > at.getTime()) {
    return { sold_out: 'today', sold_out_until: instant.toISOString() };
  }
  return { sold_out: false, sold_out_until: null };
}

export function serviceItemOf(item: ItemRow, category: string, at: Date): ServiceItem {
  const seen = new Set<string>();
  const options = item.modifierGroups.flatMap((group) =>
    group.options.flatMap((option) => {
      if (seen.has(option.slug)) return [];
      seen.add(option.slug);
      return [
        {
          id: option.slug,
          name: option.name,
          ...soldOutState(option.soldOut, option.soldOutUntil, at),
        },
      ];
    }),
  );
  return {
    id: item.id,
    name: item.name,
    category,
    price: item.price,
    hidden: item.hidden,
    ...soldOutState(item.soldOut, item.soldOutUntil, at),
    options,
  };
}

/**
 * The stores whose opening ends "today" for a dish: the one named, else those of the caller's
 * stores that sell it. Staff reach a dish only through a store they work in (404 otherwise);
 * an owner reaches every dish, even one on no menu.
 */
function storesFor(
  staff: StaffIdentity,
  selling: ReadonlySet<string> | undefined,
  named: string | undefined,
): string[] | null {
  const mine = [...(selling ?? [])].filter((id) => staff.storeIds.includes(id));
  if (mine.length === 0 && staff.role !== 'owner') return null;
  if (named) return staff.storeIds.includes(named) ? [named] : null;
  return mine.length ? mine : staff.storeIds;
}

/** When "today" ends: the earliest next opening among `storeIds` on the shop's clock. */
async function todayEnds(tx: Executor, tenantId: string, storeIds: string[], at: Date) {
  const tenant = (await loadTenant(tx, tenantId))!;
  const timeZone = tenant.row.config.timeZone;
  const candidates = tenant.stores.filter((s) => storeIds.includes(s.id));
  const instants = (candidates.length ? candidates : tenant.stores).map((store) =>
    nextServiceStart(
      tenant.hours.filter((h) => h.storeId === store.id),
      store.specialDays,
      at,
      timeZone,
    ).getTime(),
  );
  return new Date(Math.min(...instants));
}

const itemNotFound = () => notFound('There is no such dish in your stores.');

/** A dish of the shop sold in the caller's stores (or in `storeId` of them), locked; else 404. */
async function lockOwnItem(
  tx: Executor,
  staff: StaffIdentity,
  itemId: string,
  storeId: string | undefined,
) {
  const item = await lockItem(tx, staff.tenantId, itemId);
  const selling = (await storesByItem(tx, staff.tenantId)).get(itemId);
  const storeIds = item && storesFor(staff, selling, storeId);
  if (!item || !storeIds) throw itemNotFound();
  return { item, storeIds };
}

export function createAvailabilityService(deps: ServiceDeps) {
  const { db, now } = deps;

  return {
    async setItemAvailability(
      staff: StaffIdentity,
      actor: AuditActor,
      itemId: string,
      body: AvailabilityRequest,
    ): Promise<ServiceItem> {
      const at = now();
      const tenantId = staff.tenantId;
      return db.transaction(async (tx) => {
        const { item, storeIds } = await lockOwnItem(tx, staff, itemId, body.store_id);
        const values =
          body.sold_out === 'today'
            ? { soldOut: false, soldOutUntil: await todayEnds(tx, tenantId, storeIds, at) }
            : { soldOut: body.sold_out === 'indefinitely', soldOutUntil: null };
        const updated = await updateItem(tx, itemId, values);
        await recordAudit(tx, actor, {
          action: 'item.availability',
          entity: 'menu_item',
          entityId: itemId,
          before: soldOutState(item.soldOut, item.soldOutUntil, at),
          after: soldOutState(updated.soldOut, updated.soldOutUntil, at),
        });
        await recordLiveEvent(tx, {
          tenantId,
          storeId: null,
          kind: 'availability.changed',
          entityId: itemId,
        });
        await announceShopChanged(tx, tenantId);
        return serviceItemOf(updated, '', at);
      });
    },

    /** One switch for an option slug: every dish in the caller's stores that offers it. */
    async setOptionAvailability(
      staff: StaffIdentity,
      actor: AuditActor,
      slug: string,
      body: AvailabilityRequest,
    ): Promise<OptionAvailability> {
      const at = now();
      const tenantId = staff.tenantId;
      return db.transaction(async (tx) => {
        const selling = await storesByItem(tx, tenantId);
        const items = (await lockItems(tx, tenantId)).filter(
          (item) =>
            storesFor(staff, selling.get(item.id), body.store_id) &&
            item.modifierGroups.some((g) => g.options.some((o) => o.slug === slug)),
        );
        if (items.length === 0) throw notFound('There is no such option in your stores.');
        const stores = new Set(
          items.flatMap((item) => storesFor(staff, selling.get(item.id), body.store_id) ?? []),
        );
        const until =
          body.sold_out === 'today' ? await todayEnds(tx, tenantId, [...stores], at) : null;
        const first = items[0]!.modifierGroups
          .flatMap((g) => g.options)
          .find((o) => o.slug === slug)!;
        for (const item of items) {
          const modifierGroups = item.modifierGroups.map((group) => ({
            ...group,
            options: group.options.map((option) => {
              if (option.slug !== slug) return option;
              const { soldOutUntil: _was, ...rest } = option;
              return {
                ...rest,
                soldOut: body.sold_out === 'indefinitely',
                ...(until ? { soldOutUntil: until.toISOString() } : {}),
              };
            }),
          }));
          await updateItem(tx, item.id, { modifierGroups });
        }
        const after = soldOutState(body.sold_out === 'indefinitely', until, at);
        await recordAudit(tx, actor, {
          action: 'option.availability',
          entity: 'menu_option',
          entityId: slug,
          before: soldOutState(first.soldOut, first.soldOutUntil, at),
          after: { ...after, dishes: items.map((i) => i.id) },
        });
        await recordLiveEvent(tx, {
          tenantId,
          storeId: null,
          kind: 'availability.changed',
          entityId: slug,
        });
        await announceShopChanged(tx, tenantId);
        return { id: slug, ...after, dishes: items.length };
      });
    },

    /** Hide or show a dish, change its price. */
    async patchItem(
      staff: StaffIdentity,
      actor: AuditActor,
      itemId: string,
      patch: ItemPatch,
    ): Promise<ServiceItem> {
      const at = now();
      const tenantId = staff.tenantId;
      return db.transaction(async (tx) => {
        const { item } = await lockOwnItem(tx, staff, itemId, undefined);
        const updated = await updateItem(tx, itemId, {
          ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
          ...(patch.price !== undefined ? { price: patch.price } : {}),
        });
        await recordAudit(tx, actor, {
          action: 'item.update',
          entity: 'menu_item',
          entityId: itemId,
          before: { hidden: item.hidden, price: item.price },
          after: { hidden: updated.hidden, price: updated.price },
        });
        await recordLiveEvent(tx, {
          tenantId,
          storeId: null,
          kind: 'menu.changed',
          entityId: itemId,
        });
        await announceShopChanged(tx, tenantId);
        return serviceItemOf(updated, '', at);
      });
    },

    /** The Service screen's menu of one store: every dish, hidden ones too, with its switches. */
    async storeMenu(staff: StaffIdentity, storeId: string): Promise<ServiceItem[]> {
      const at = now();
      const tenant = await loadTenant(db, staff.tenantId);
      const store = tenant?.stores.find((s) => s.id === storeId);
      if (!store || !staff.storeIds.includes(storeId)) {
        throw notFound('There is no such store among yours.');
      }
      if (!store.menuId) return [];
      const catalogue = await loadCatalogue(db, staff.tenantId);
      const items = new Map(catalogue.items.map((item) => [item.id, item]));
      const listed = new Set<string>();
      return catalogue.categories
        .filter((c) => c.menuId === store.menuId)
        .flatMap((category) =>
          catalogue.links
            .filter((link) => link.categoryId === category.id && !listed.has(link.itemId))
            .map((link) => {
              listed.add(link.itemId);
              return serviceItemOf(items.get(link.itemId)!, category.name, at);
            }),
        );
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

import type {
  AvailabilityRequest,
  OptionAvailability,
  ServiceItem,
} from '@servery/contract/service';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { loadCatalogue, type Catalogue } from '../catalogue/catalogue.repository.ts';
import { setStoreAvailability } from '../menu-editor/store-availability.ts';
import { itemAtStore } from '../menu/item-at-store.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { nextServiceStart } from '../stores/opening.ts';
import { announceShopChanged, loadTenant } from '../tenants/tenants.repository.ts';
import { lockItems, storesByItem, updateItem, type ItemRow } from './service.repository.ts';
import { soldOutState } from '../catalogue/sold-out-state.ts';

export interface ServiceDeps {
  db: Database;
  now: () => Date;
}

/** A dish as one store's Service screen shows it: that store's price and switches (issue 28). */
export function serviceItemOf(
  catalogue: Catalogue,
  item: ItemRow,
  storeId: string,
  category: string,
  at: Date,
): ServiceItem {
  const here = itemAtStore(catalogue, item, storeId);
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
    price: here.price,
    hidden: here.hidden,
    ...soldOutState(here.soldOut, here.soldOutUntil, at),
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

export function createAvailabilityService(deps: ServiceDeps) {
  const { db, now } = deps;

  return {
    /** Sold out and hidden per dish and store (issue 28, menu-editor/store-availability.ts). */
    async setItemAvailability(
      staff: StaffIdentity,
      actor: AuditActor,
      itemId: string,
      body: AvailabilityRequest,
    ): Promise<ServiceItem> {
      const at = now();
      return db.transaction((tx) => setStoreAvailability(tx, staff, actor, itemId, body, at));
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
      if (body.sold_out === undefined || body.hidden !== undefined) {
        throw badRequest('An option is switched with sold_out alone.', {
          sold_out: "Choose 'today', 'indefinitely' or false",
        });
      }
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
              return serviceItemOf(catalogue, items.get(link.itemId)!, storeId, category.name, at);
            }),
        );
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

import { normalisePostcode } from '@servery/contract/postcode';
import { deliveryTerms } from '@servery/contract/delivery-terms';
import type {
  AutomationPatch,
  StoreAutomation,
  StoreZones,
  ZonePreview,
  ZonesPut,
} from '@servery/contract/shop-editor';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { lockStore, storesAmong, type StoreRow } from '../service/service.repository.ts';
import { announceShopChanged } from '../tenants/tenants.repository.ts';
import { termsStoreOf } from '../stores/store-terms.ts';
import { travelMinutesOf } from '../stores/delivery-check.ts';
import { saveAutomation, saveZones, type AutomationValues } from './store-settings.repository.ts';
import { StaleSaveError } from './versions.ts';

const storeNotFound = () => notFound('There is no such store among yours.');

export function storeZonesOf(store: StoreRow): StoreZones {
  return {
    store_id: store.id,
    store_name: store.name,
    delivers: store.orderTypes.includes('delivery'),
    delivery_minutes: store.deliveryMinutes,
    zones: store.deliveryZones.map((z) => ({
      area: z.district,
      fee: z.fee,
      minimum_order: z.minimumOrder,
      travel_minutes: z.travelMinutes ?? null,
    })),
    version: store.zonesVersion,
  };
}

export function storeAutomationOf(store: StoreRow): StoreAutomation {
  return {
    store_id: store.id,
    store_name: store.name,
    slot_cap: store.slotCap,
    slot_cap_unit: store.slotCapUnit,
    auto_accept_minutes: store.autoAcceptMinutes,
    auto_print: store.autoPrint,
    version: store.automationVersion,
  };
}

/** What a customer at `raw` would get from the store's zones (the order's own rule). */
export function zonePreviewOf(store: StoreRow, raw: string): ZonePreview {
  const postcode = normalisePostcode(raw);
  if (!postcode) {
    const message = 'Enter a full UK postcode, such as E1 6RL.';
    throw new AppError(400, 'bad_request', message, { postcode: message });
  }
  const zone = deliveryTerms(termsStoreOf(store), 'delivery', postcode).zone;
  if (!store.orderTypes.includes('delivery') || !zone) {
    return {
      postcode,
      delivers: false,
      area: null,
      fee: null,
      minimum_order: null,
      travel_minutes: null,
    };
  }
  return {
    postcode,
    delivers: true,
    area: zone.district,
    fee: zone.fee,
    minimum_order: zone.minimum_order,
    travel_minutes: travelMinutesOf(store, zone.district),
  };
}

/**
 * Delivery zones and capacity and automation of one store (issue 28, points 6 and 7): the
 * caller's stores only (404 otherwise). A save is the locked row checked against the version
 * read, changed, audited with before and after, announced to the boards and to every
 * process's shop cache, in one transaction.
 */
export function createStoreSettings({ db }: { db: Database }) {
  const read = async (staff: StaffIdentity, storeId: string) => {
    if (!staff.storeIds.includes(storeId)) throw storeNotFound();
    const [store] = await storesAmong(db, staff.tenantId, [storeId]);
    if (!store) throw storeNotFound();
    return store;
  };

  const save = async <T extends { version: number }>(
    staff: StaffIdentity,
    actor: AuditActor,
    storeId: string,
    version: number,
    what: {
      action: string;
      view: (store: StoreRow) => T;
      write: (tx: Executor, store: StoreRow) => Promise<StoreRow>;
    },
  ): Promise<T> => {
    if (!staff.storeIds.includes(storeId)) throw storeNotFound();
    const tenantId = staff.tenantId;
    return db.transaction(async (tx) => {
      const store = await lockStore(tx, tenantId, storeId);
      if (!store) throw storeNotFound();
      const before = what.view(store);
      if (before.version !== version) {
        throw new StaleSaveError(
          `${store.name}'s settings were changed by someone else since you opened them. Here they are as they are now.`,
          before,
        );
      }
      const after = what.view(await what.write(tx, store));
      await recordAudit(tx, actor, {
        action: what.action,
        entity: 'store',
        entityId: storeId,
        before,
        after,
      });
      await recordLiveEvent(tx, { tenantId, storeId, kind: 'store.changed', entityId: storeId });
      await announceShopChanged(tx, tenantId);
      return after;
    });
  };

  return {
    zones: async (staff: StaffIdentity, storeId: string) =>
      storeZonesOf(await read(staff, storeId)),
    preview: async (staff: StaffIdentity, storeId: string, postcode: string) =>
      zonePreviewOf(await read(staff, storeId), postcode),
    automation: async (staff: StaffIdentity, storeId: string) =>
      storeAutomationOf(await read(staff, storeId)),
    /** The caller's stores whose desk prints the kitchen ticket on accept. */
    autoPrintStores: async (staff: StaffIdentity) =>
      (await storesAmong(db, staff.tenantId, staff.storeIds))
        .filter((store) => store.autoPrint)
        .map((store) => store.id),

    putZones(
      staff: StaffIdentity,
      actor: AuditActor,
      storeId: string,
      body: ZonesPut,
      version: number,
    ) {
      const zones = body.zones.map((z) => ({
        district: z.area,
        fee: z.fee,
        minimumOrder: z.minimum_order,
        ...(z.travel_minutes !== null ? { travelMinutes: z.travel_minutes } : {}),
      }));
      return save(staff, actor, storeId, version, {
        action: 'store.zones',
        view: storeZonesOf,
        write: async (tx, store) => {
          if (zones.length === 0 && store.orderTypes.includes('delivery')) {
            const message = 'A store that delivers needs at least one zone';
            throw new AppError(400, 'invalid', `Check the request body: zones: ${message}`, {
              zones: message,
            });
          }
          return saveZones(tx, store, zones);
        },
      });
    },

    patchAutomation(
      staff: StaffIdentity,
      actor: AuditActor,
      storeId: string,
      body: AutomationPatch,
      version: number,
    ) {
      return save(staff, actor, storeId, version, {
        action: 'store.automation',
        view: storeAutomationOf,
        write: (tx, store) => {
          const values: AutomationValues = {
            slotCap: body.slot_cap !== undefined ? body.slot_cap : store.slotCap,
            slotCapUnit: body.slot_cap_unit ?? store.slotCapUnit,
            autoAcceptMinutes:
              body.auto_accept_minutes !== undefined
                ? body.auto_accept_minutes
                : store.autoAcceptMinutes,
            autoPrint: body.auto_print ?? store.autoPrint,
          };
          return saveAutomation(tx, store, values);
        },
      });
    },
  };
}
export type StoreSettings = ReturnType<typeof createStoreSettings>;

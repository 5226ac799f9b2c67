import { createHash } from 'node:crypto';
import type {
  LogoSlot,
  ShopIdentity,
  ShopIdentityPatch,
  StoreContact,
  StoreContactPatch,
} from '@servery/contract/shop-identity';
import { ZTenantConfig, describeIssues } from '@servery/contract/tenant-document';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { lockStore, lockTenant, type StoreRow } from '../service/service.repository.ts';
import { StaleSaveError } from '../store-settings/versions.ts';
import { announceShopChanged, loadTenant } from '../tenants/tenants.repository.ts';
import { processLogo } from './logo-processing.ts';
import { saveIdentity, saveStoreContact, storeLogo } from './shop-identity.repository.ts';

type TenantRow = NonNullable<Awaited<ReturnType<typeof lockTenant>>>;
type Executor = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A version that changes exactly when one of the values changes (decision 88). */
export const fingerprintOf = (values: object) =>
  createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16);

/**
 * The shop-wide fields the editor's form saves, in a fixed order (the fingerprint reads them
 * so). The logos are not among them: each is saved as it is chosen, and a logo chosen while
 * the form is being filled in must not make its save stale.
 */
function formFieldsOf(row: TenantRow) {
  const { config } = row;
  return {
    websiteName: row.websiteName,
    colorPalatte: config.colorPalatte,
    SecondaryColorPalatte: config.SecondaryColorPalatte,
    logo_style: config.logo_style,
    contactNumber: config.contactNumber,
    supportEmail: config.supportEmail,
    website: config.website,
    locationData: config.locationData,
  };
}

/** Everything the editor shows of the shop: the form's fields and the logos. */
function shopFieldsOf(row: TenantRow) {
  const { headerLogo, footerLogo, favicon } = row.config;
  return { ...formFieldsOf(row), headerLogo, footerLogo, favicon };
}

/** The shop's fields as the audit log reads them: the footer's address line by line. */
function auditViewOf(row: TenantRow) {
  const { locationData, ...fields } = shopFieldsOf(row);
  return { ...fields, ...locationData };
}

function contactFieldsOf(store: StoreRow) {
  return {
    address_line1: store.addressLine1,
    address_line2: store.addressLine2,
    city: store.city,
    postcode: store.postcode,
    phone: store.phone,
    direction_link: store.directionLink,
  };
}

export function storeContactOf(store: StoreRow): StoreContact {
  const fields = contactFieldsOf(store);
  return { store_id: store.id, store_name: store.name, ...fields, version: fingerprintOf(fields) };
}

const storeNotFound = () => notFound('There is no such store among yours.');

/**
 * The shop's name, colours, logos and contacts, and its stores' addresses and phones (walk
 * item 10). The shop-wide fields are for someone who works in every store; a store's address
 * and phone for anyone with `shop:edit` who works in it. Each save is the locked row checked
 * against the version read, changed, audited with before and after, announced to the boards
 * and to every process's shop cache (decision 2), in one transaction.
 */
export function createShopIdentity({ db }: { db: Database }) {
  const coversTheShop = (tenantStores: readonly { id: string }[], staff: StaffIdentity) =>
    tenantStores.every((store) => staff.storeIds.includes(store.id));

  const mustCoverTheShop = async (staff: StaffIdentity) => {
    const tenant = await loadTenant(db, staff.tenantId);
    if (!tenant) throw notFound('This shop no longer exists.');
    if (!coversTheShop(tenant.stores, staff)) {
      throw new AppError(
        403,
        'forbidden',
        'The shop’s name, colours, logos and contacts are the whole shop’s: only someone who works in all of them (an owner) may change them.',
      );
    }
  };

  const read = async (staff: StaffIdentity): Promise<ShopIdentity> => {
    const tenant = await loadTenant(db, staff.tenantId);
    if (!tenant) throw notFound('This shop no longer exists.');
    return {
      ...shopFieldsOf(tenant.row),
      version: fingerprintOf(formFieldsOf(tenant.row)),
      editable: coversTheShop(tenant.stores, staff),
      stores: tenant.stores.filter((s) => staff.storeIds.includes(s.id)).map(storeContactOf),
    };
  };

  /** The shop's row changed by `change`, with its audit row, event and NOTIFY; then the view. */
  const changeShop = async (
    staff: StaffIdentity,
    actor: AuditActor,
    action: string,
    change: (tx: Executor, row: TenantRow) => Promise<Pick<TenantRow, 'websiteName' | 'config'>>,
  ) => {
    const tenantId = staff.tenantId;
    await db.transaction(async (tx) => {
      const row = await lockTenant(tx, tenantId);
      if (!row) throw notFound('This shop no longer exists.');
      const values = await change(tx, row);
      // The whole settings object checked as an import checks it: nothing saved here could
      // make the shop's next export refuse to import.
      const checked = ZTenantConfig.safeParse(values.config);
      if (!checked.success) {
        const [issue] = describeIssues(checked.error);
        throw new AppError(
          400,
          'invalid',
          `Check the request body: ${issue!.path}: ${issue!.message}`,
          {
            [issue!.path]: issue!.message,
          },
        );
      }
      await saveIdentity(tx, tenantId, values);
      await recordAudit(tx, actor, {
        action,
        entity: 'shop',
        entityId: tenantId,
        ...changedFields(auditViewOf(row), auditViewOf({ ...row, ...values })),
      });
      await recordLiveEvent(tx, {
        tenantId,
        storeId: null,
        kind: 'shop.changed',
        entityId: tenantId,
      });
      await announceShopChanged(tx, tenantId);
    });
    return read(staff);
  };

  return {
    read,
    mustCoverTheShop,

    async patchIdentity(
      staff: StaffIdentity,
      actor: AuditActor,
      patch: ShopIdentityPatch,
      version: string,
    ) {
      await mustCoverTheShop(staff);
      const { version: _sent, websiteName, ...config } = patch;
      const stale = new StaleSaveError(
        'The shop’s details were changed by someone else since you opened them. Here they are as they are now.',
        null,
      );
      try {
        return await changeShop(staff, actor, 'shop.identity', async (_tx, row) => {
          if (fingerprintOf(formFieldsOf(row)) !== version) throw stale;
          return {
            websiteName: websiteName ?? row.websiteName,
            config: { ...row.config, ...config },
          };
        });
      } catch (error) {
        // The values as they are now, read once the transaction is over (one connection on PGlite).
        if (error === stale) throw new StaleSaveError(stale.message, await read(staff));
        throw error;
      }
    },

    /** A new logo, icon or footer logo, saved as the shop's at once (like a dish's photo). */
    async uploadLogo(staff: StaffIdentity, actor: AuditActor, slot: LogoSlot, bytes: Buffer) {
      await mustCoverTheShop(staff);
      // Decoding and encoding take a moment of CPU: before the transaction, not inside it.
      const asset = await processLogo(slot, bytes);
      return changeShop(staff, actor, 'shop.logo', async (tx, row) => {
        await storeLogo(tx, staff.tenantId, asset);
        return { websiteName: row.websiteName, config: { ...row.config, [slot]: asset.name } };
      });
    },

    async patchStoreContact(
      staff: StaffIdentity,
      actor: AuditActor,
      storeId: string,
      patch: StoreContactPatch,
      version: string,
    ): Promise<StoreContact> {
      if (!staff.storeIds.includes(storeId)) throw storeNotFound();
      const tenantId = staff.tenantId;
      return db.transaction(async (tx) => {
        const store = await lockStore(tx, tenantId, storeId);
        if (!store) throw storeNotFound();
        const before = storeContactOf(store);
        if (before.version !== version) {
          throw new StaleSaveError(
            `${store.name}'s address and phone were changed by someone else since you opened them. Here they are as they are now.`,
            before,
          );
        }
        const saved = await saveStoreContact(tx, storeId, {
          addressLine1: patch.address_line1 ?? store.addressLine1,
          addressLine2: patch.address_line2 ?? store.addressLine2,
          city: patch.city ?? store.city,
          postcode: patch.postcode ?? store.postcode,
          phone: patch.phone ?? store.phone,
          directionLink: patch.direction_link ?? store.directionLink,
        });
        const after = storeContactOf(saved);
        const changed = changedFields(contactFieldsOf(store), contactFieldsOf(saved));
        await recordAudit(tx, actor, {
          action: 'store.contact',
          entity: 'store',
          entityId: storeId,
          before: { name: store.name, ...changed.before },
          after: { name: store.name, ...changed.after },
        });
        await recordLiveEvent(tx, { tenantId, storeId, kind: 'store.changed', entityId: storeId });
        await announceShopChanged(tx, tenantId);
        return after;
      });
    },
  };
}
export type ShopIdentityService = ReturnType<typeof createShopIdentity>;

/** Only the fields that changed, before and after: the audit log reads what was done. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

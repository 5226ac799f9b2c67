import type { AdminPromo, PromoCreate, PromoPatch } from '@servery/contract/shop-editor';
import type { Database } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import type { PromoRow } from '../promos/promos.repository.ts';
import { announceShopChanged } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { StaleSaveError } from '../store-settings/versions.ts';
import {
  insertPromo,
  lockPromoById,
  promosWithUses,
  updatePromo,
  usesOf,
  type NewPromoRow,
} from './promo-editor.repository.ts';

const promoNotFound = () => notFound('There is no such promo code among yours.');

export function adminPromoOf(row: PromoRow, uses: number, at: Date, editable = true): AdminPromo {
  const state =
    row.endsAt && row.endsAt <= at
      ? 'ended'
      : row.startsAt && row.startsAt > at
        ? 'scheduled'
        : row.totalLimit !== null && uses >= row.totalLimit
          ? 'used_up'
          : 'active';
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minimum_order: row.minimumOrder,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    total_limit: row.totalLimit,
    per_customer_limit: row.perCustomerLimit,
    store_ids: row.storeIds,
    first_order_only: row.firstOrderOnly,
    public: row.isPublic,
    uses,
    state,
    version: row.version,
    editable,
  };
}

/** The request's fields as the row's (only those sent). */
function rowValues(body: Partial<PromoCreate>): Partial<NewPromoRow> {
  const v: Partial<NewPromoRow> = {};
  if (body.code !== undefined) v.code = body.code;
  if (body.description !== undefined) v.description = body.description;
  if (body.kind !== undefined) v.kind = body.kind;
  if (body.value !== undefined) v.value = body.value;
  if (body.minimum_order !== undefined) v.minimumOrder = body.minimum_order;
  if (body.starts_at !== undefined) v.startsAt = body.starts_at ? new Date(body.starts_at) : null;
  if (body.ends_at !== undefined) v.endsAt = body.ends_at ? new Date(body.ends_at) : null;
  if (body.total_limit !== undefined) v.totalLimit = body.total_limit;
  if (body.per_customer_limit !== undefined) v.perCustomerLimit = body.per_customer_limit;
  if (body.store_ids !== undefined) v.storeIds = [...new Set(body.store_ids)];
  if (body.first_order_only !== undefined) v.firstOrderOnly = body.first_order_only;
  if (body.public !== undefined) v.isPublic = body.public;
  return v;
}

/**
 * The promotions editor (issue 28, point 5). A person edits the codes of their stores: a code
 * for some stores needs all of them among theirs, a code for every store needs every store. The
 * list shows every code that applies at one of their stores, those they may not change read-only
 * (walk 2, item 11: a manager of one store saw none of the shop-wide codes his customers use). A
 * code is never deleted: ending it keeps the orders that used it pointing at it.
 */
export function createPromoEditor({ db, now }: { db: Database; now: () => Date }) {
  /** The shop's store ids, and whether `storeIds` (empty: all) are all the person's. */
  const scopeOf = async (staff: StaffIdentity) => {
    const all = (await storesOfTenant(db, staff.tenantId)).map((s) => s.id);
    const mine = (storeIds: readonly string[]) =>
      (storeIds.length ? storeIds : all).every((id) => staff.storeIds.includes(id));
    const appliesAtMine = (storeIds: readonly string[]) =>
      (storeIds.length ? storeIds : all).some((id) => staff.storeIds.includes(id));
    return { all, mine, appliesAtMine };
  };

  const checkStores = async (staff: StaffIdentity, storeIds: readonly string[]) => {
    const { all, mine } = await scopeOf(staff);
    const unknown = storeIds.findIndex((id) => !all.includes(id));
    if (unknown >= 0) throw invalidField(`store_ids.${unknown}`, 'There is no such store');
    if (!mine(storeIds)) {
      throw invalidField('store_ids', 'Choose only stores you work in');
    }
  };

  const checkRules = (row: Pick<PromoRow, 'kind' | 'value' | 'startsAt' | 'endsAt'>) => {
    if (row.kind === 'percent' && row.value > 100) {
      throw invalidField('value', 'A percentage must be at most 100');
    }
    if (row.startsAt && row.endsAt && row.endsAt <= row.startsAt) {
      throw invalidField('ends_at', 'End it after it starts');
    }
  };

  async function list(staff: StaffIdentity): Promise<AdminPromo[]> {
    const { mine, appliesAtMine } = await scopeOf(staff);
    const at = now();
    return (await promosWithUses(db, staff.tenantId))
      .filter(({ row }) => appliesAtMine(row.storeIds))
      .map(({ row, uses }) => adminPromoOf(row, uses, at, mine(row.storeIds)));
  }

  async function create(staff: StaffIdentity, actor: AuditActor, body: PromoCreate) {
    await checkStores(staff, body.store_ids);
    const values = rowValues(body) as NewPromoRow;
    const row = await db.transaction(async (tx) => {
      const inserted = await insertPromo(tx, staff.tenantId, values);
      if (!inserted) throw invalidField('code', `${body.code} exists already`);
      await recordAudit(tx, actor, {
        action: 'promo.create',
        entity: 'promo',
        entityId: inserted.id,
        before: null,
        after: adminPromoOf(inserted, 0, now()),
      });
      await announceShopChanged(tx, staff.tenantId);
      return inserted;
    });
    return adminPromoOf(row, 0, now());
  }

  async function patch(
    staff: StaffIdentity,
    actor: AuditActor,
    id: string,
    body: PromoPatch,
    version: number,
  ) {
    const { mine, appliesAtMine } = await scopeOf(staff);
    if (body.store_ids) await checkStores(staff, body.store_ids);
    return db.transaction(async (tx) => {
      const row = await lockPromoById(tx, staff.tenantId, id);
      if (!row || !appliesAtMine(row.storeIds)) throw promoNotFound();
      if (!mine(row.storeIds)) {
        throw new AppError(
          403,
          'forbidden',
          `${row.code} applies at stores you do not work in too: only someone who works in all of them may change it.`,
        );
      }
      const uses = await usesOf(tx, staff.tenantId, id);
      const before = adminPromoOf(row, uses, now());
      if (row.version !== version) {
        throw new StaleSaveError(
          `${row.code} was changed by someone else since you opened it. Here it is as it is now.`,
          before,
        );
      }
      const values = rowValues(body);
      checkRules({ ...row, ...values });
      const updated = await updatePromo(tx, row, values);
      const after = adminPromoOf(updated, uses, now());
      await recordAudit(tx, actor, {
        action: after.state === 'ended' && before.state !== 'ended' ? 'promo.end' : 'promo.update',
        entity: 'promo',
        entityId: id,
        before,
        after,
      });
      await announceShopChanged(tx, staff.tenantId);
      return after;
    });
  }

  return { list, create, patch };
}
export type PromoEditor = ReturnType<typeof createPromoEditor>;

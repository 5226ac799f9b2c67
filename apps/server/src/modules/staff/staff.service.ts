import type { CreateStaffRequest, StaffMember, UpdateStaffRequest } from '@servery/contract/staff';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { staffInviteMessage } from './staff-messages.ts';
import type { StaffShop } from './staff-sign-in.service.ts';
import {
  deleteSessionsOf,
  findActiveStaffByEmail,
  findStaffForUpdate,
  insertStaff,
  listStaff,
  otherActiveOwners,
  storesOfTenant,
  updateStaff,
  type StaffRow,
} from './staff.repository.ts';

export interface StaffServiceDeps {
  db: Database;
  now: () => Date;
  onMessageQueued: () => void;
}

const staffNotFound = () => notFound('There is no such member of staff.');
const lastOwner = () =>
  new AppError(
    409,
    'last_owner',
    'The shop must keep at least one owner. Make someone else an owner first.',
  );

/** What the staff list shows of a person; an owner is listed with every store. */
export function toStaffMember(row: StaffRow, shopStoreIds: string[]): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    store_ids: row.role === 'owner' ? shopStoreIds : row.storeIds,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a person (no session or sign-in details). */
const auditView = (row: StaffRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  store_ids: row.storeIds,
  status: row.status,
});

async function checkStores(db: Executor, tenantId: string, storeIds: string[] | undefined) {
  const shopStoreIds = (await storesOfTenant(db, tenantId)).map((s) => s.id);
  const unknown = storeIds?.filter((id) => !shopStoreIds.includes(id)) ?? [];
  if (unknown.length > 0) {
    throw badRequest('One of the stores is not a store of this shop.', {
      store_ids: 'Choose stores of this shop.',
    });
  }
  return shopStoreIds;
}

/** A new role or other stores: what the person's open streams may see has changed. */
const accessChanged = (before: StaffRow, after: StaffRow) =>
  before.role !== after.role || before.storeIds.join() !== after.storeIds.join();

/**
 * Ends the person's open live streams on every process, on the path the boards' events take
 * (decision 31): their boards reconnect with the new role and stores, or are refused.
 */
const announceAccessChange = (tx: Executor, tenantId: string, staffId: string) =>
  recordLiveEvent(tx, { tenantId, storeId: null, kind: 'staff.changed', entityId: staffId });

export function createStaffService({ db, now, onMessageQueued }: StaffServiceDeps) {
  async function list(tenantId: string): Promise<StaffMember[]> {
    const shopStoreIds = (await storesOfTenant(db, tenantId)).map((s) => s.id);
    return (await listStaff(db, tenantId)).map((row) => toStaffMember(row, shopStoreIds));
  }

  /** Adds a person (or brings back a removed one) and e-mails them where to sign in. */
  async function invite(
    actor: AuditActor & { actorName: string },
    shop: StaffShop,
    body: CreateStaffRequest & { store_ids: string[] },
  ): Promise<StaffMember> {
    const at = now();
    const member = await db.transaction(async (tx) => {
      const shopStoreIds = await checkStores(tx, actor.tenantId, body.store_ids);
      if (await findActiveStaffByEmail(tx, actor.tenantId, body.email)) {
        throw new AppError(
          409,
          'staff_exists',
          'Someone with this e-mail address is already on the staff.',
          {
            email: 'Already on the staff.',
          },
        );
      }
      const fields = { name: body.name, role: body.role, storeIds: body.store_ids };
      let row = await insertStaff(tx, {
        tenantId: actor.tenantId,
        email: body.email,
        ...fields,
        createdAt: at,
        updatedAt: at,
      });
      let before: ReturnType<typeof auditView> | null = null;
      if (!row) {
        // The address belonged to someone removed: the same person comes back.
        const removed = await findRemovedByEmail(tx, actor.tenantId, body.email);
        before = auditView(removed);
        row = (await updateStaff(
          tx,
          actor.tenantId,
          removed.id,
          { ...fields, status: 'active' },
          at,
        ))!;
      }
      await recordAudit(tx, actor, {
        action: before ? 'staff.restored' : 'staff.invited',
        entity: 'staff',
        entityId: row.id,
        before,
        after: auditView(row),
      });
      await enqueueMessage(
        tx,
        staffInviteMessage({
          shop,
          to: row.email,
          name: row.name,
          role: row.role,
          invitedBy: actor.actorName,
        }),
      );
      return toStaffMember(row, shopStoreIds);
    });
    onMessageQueued();
    return member;
  }

  async function findRemovedByEmail(tx: Executor, tenantId: string, email: string) {
    const all = await listStaff(tx, tenantId);
    const row = all.find((r) => r.email === email && r.status === 'removed');
    if (!row)
      throw new AppError(
        409,
        'staff_exists',
        'Someone with this e-mail address is already on the staff.',
      );
    return (await findStaffForUpdate(tx, tenantId, row.id))!;
  }

  async function update(
    actor: AuditActor,
    id: string,
    body: UpdateStaffRequest,
  ): Promise<StaffMember> {
    const at = now();
    return db.transaction(async (tx) => {
      const shopStoreIds = await checkStores(tx, actor.tenantId, body.store_ids);
      const current = await findStaffForUpdate(tx, actor.tenantId, id);
      if (!current || current.status !== 'active') throw staffNotFound();
      if (current.role === 'owner' && body.role && body.role !== 'owner') {
        if ((await otherActiveOwners(tx, actor.tenantId, id)).length === 0) throw lastOwner();
      }
      const changed = (await updateStaff(
        tx,
        actor.tenantId,
        id,
        {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.role !== undefined ? { role: body.role } : {}),
          ...(body.store_ids !== undefined ? { storeIds: body.store_ids } : {}),
        },
        at,
      ))!;
      if (accessChanged(current, changed)) await announceAccessChange(tx, actor.tenantId, id);
      await recordAudit(tx, actor, {
        action: 'staff.updated',
        entity: 'staff',
        entityId: id,
        before: auditView(current),
        after: auditView(changed),
      });
      return toStaffMember(changed, shopStoreIds);
    });
  }

  /** Removes a person: their sessions end in the same transaction. */
  async function remove(actor: AuditActor, id: string): Promise<void> {
    const at = now();
    await db.transaction(async (tx) => {
      const current = await findStaffForUpdate(tx, actor.tenantId, id);
      if (!current || current.status !== 'active') throw staffNotFound();
      if (
        current.role === 'owner' &&
        (await otherActiveOwners(tx, actor.tenantId, id)).length === 0
      ) {
        throw lastOwner();
      }
      const removed = (await updateStaff(tx, actor.tenantId, id, { status: 'removed' }, at))!;
      await deleteSessionsOf(tx, actor.tenantId, id);
      await announceAccessChange(tx, actor.tenantId, id);
      await recordAudit(tx, actor, {
        action: 'staff.removed',
        entity: 'staff',
        entityId: id,
        before: auditView(current),
        after: auditView(removed),
      });
    });
  }

  return { list, invite, update, remove };
}
export type StaffService = ReturnType<typeof createStaffService>;

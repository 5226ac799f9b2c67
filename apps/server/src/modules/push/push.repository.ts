import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@servery/contract/push';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@servery/contract/staff-roles';
import type { Executor } from '../../db/client.ts';
import { staffPushSubscriptions } from '../../db/schema.ts';

export type PushSubscriptionRow = typeof staffPushSubscriptions.$inferSelect;

/**
 * Keeps a device's subscription for this member of staff. The same endpoint subscribed again
 * (new keys, or another person signed in on the device) replaces the row: a device is one
 * person's at a time.
 */
export async function saveSubscription(
  tx: Executor,
  owner: { tenantId: string; staffId: string },
  body: PushSubscriptionBody,
): Promise<{ row: PushSubscriptionRow; before: PushSubscriptionRow | undefined }> {
  const [before] = await tx
    .select()
    .from(staffPushSubscriptions)
    .where(
      and(
        eq(staffPushSubscriptions.tenantId, owner.tenantId),
        eq(staffPushSubscriptions.endpoint, body.endpoint),
      ),
    )
    .for('update');
  const values = { staffId: owner.staffId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const [row] = await tx
    .insert(staffPushSubscriptions)
    .values({ tenantId: owner.tenantId, endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({
      target: [staffPushSubscriptions.tenantId, staffPushSubscriptions.endpoint],
      set: values,
    })
    .returning();
  return { row: row!, before };
}

/** Deletes this person's subscription of `endpoint`; answers it, or undefined when none. */
export async function deleteOwnSubscription(
  tx: Executor,
  owner: { tenantId: string; staffId: string },
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await tx
    .delete(staffPushSubscriptions)
    .where(
      and(
        eq(staffPushSubscriptions.tenantId, owner.tenantId),
        eq(staffPushSubscriptions.staffId, owner.staffId),
        eq(staffPushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning();
  return row;
}

export async function findSubscription(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.tenantId, tenantId), eq(staffPushSubscriptions.id, id)));
  return row;
}

/** The push service said the subscription is gone (404, 410): nobody is there any more. */
export async function forgetSubscription(db: Executor, tenantId: string, id: string) {
  await db
    .delete(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.tenantId, tenantId), eq(staffPushSubscriptions.id, id)));
}

/** The roles that run the desk: only they are pushed to about waiting orders. */
const DESK_ROLES = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('orders:run'));

/**
 * The subscribed devices of the active staff who run the desk of this store (an owner works in
 * every store).
 */
export async function subscriptionsForStore(
  tx: Executor,
  tenantId: string,
  storeId: string,
): Promise<{ id: string }[]> {
  const result = await tx.execute(sql`
    select s.id
    from staff_push_subscriptions s
    join staff_members m on m.id = s.staff_id and m.tenant_id = s.tenant_id
    where s.tenant_id = ${tenantId}::uuid
      and m.status = 'active'
      and m.role in (${sql.join(
        DESK_ROLES.map((role) => sql`${role}`),
        sql`, `,
      )})
      and (m.role = 'owner' or ${storeId}::uuid = any(m.store_ids))
    order by s.created_at`);
  return (result as unknown as { rows: { id: string }[] }).rows;
}

import type { PushSubscriptionBody, PushSubscriptionView } from '@servery/contract/push';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { deleteOwnSubscription, saveSubscription } from './push.repository.ts';
import type { LoadVapidKeys } from './vapid-keys.ts';

export interface PushDeps {
  db: Database;
  vapidKeys: LoadVapidKeys;
  /** Outside production a push service on this machine (a test's) may be plain http. */
  production: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A browser's push endpoint is an https address of its push service. The server will POST to
 * it, so nothing else is accepted: plain http only to this machine, and only outside production.
 */
function checkEndpoint(endpoint: string, production: boolean) {
  const url = new URL(endpoint);
  const local = !production && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw badRequest('The push endpoint must be an https address.', {
      endpoint: 'Give the push endpoint the browser gave, an https address',
    });
  }
}

const view = (row: { id: string; endpoint: string; createdAt: Date }): PushSubscriptionView => ({
  id: row.id,
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
});

/** Staff devices' Web Push subscriptions (docs/decisions/0032). */
export function createPushService({ db, vapidKeys, production }: PushDeps) {
  return {
    async publicKey() {
      return { public_key: (await vapidKeys()).publicKey };
    },

    /** This device is pushed to when an order of this person's stores waits unseen. */
    async subscribe(
      staff: StaffIdentity,
      actor: AuditActor,
      body: PushSubscriptionBody,
    ): Promise<PushSubscriptionView> {
      checkEndpoint(body.endpoint, production);
      return db.transaction(async (tx) => {
        const owner = { tenantId: staff.tenantId, staffId: staff.id };
        const { row, before } = await saveSubscription(tx, owner, body);
        await recordAudit(tx, actor, {
          action: 'push_subscription.saved',
          entity: 'push_subscription',
          entityId: row.id,
          before: before ? { staff_id: before.staffId } : null,
          // The endpoint and keys are the device's secrets: the audit names whose it is.
          after: { staff_id: row.staffId },
        });
        return view(row);
      });
    },

    async unsubscribe(staff: StaffIdentity, actor: AuditActor, endpoint: string): Promise<void> {
      await db.transaction(async (tx) => {
        const owner = { tenantId: staff.tenantId, staffId: staff.id };
        const row = await deleteOwnSubscription(tx, owner, endpoint);
        if (!row) throw notFound('This device is not subscribed to push for you.');
        await recordAudit(tx, actor, {
          action: 'push_subscription.deleted',
          entity: 'push_subscription',
          entityId: row.id,
          before: { staff_id: row.staffId },
        });
      });
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;

import type { Executor } from '../../db/client.ts';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { subscriptionsForStore } from './push.repository.ts';

/** A push older than this is not worth sending: the order has been answered or auto-rejected. */
const WORTH_SENDING_MS = 10 * 60_000;

interface WaitingOrder {
  tenant_id: string;
  store_id: string;
  store_name: string;
  number: number;
  website_name: string;
}

/**
 * Beside the e-mail the desk sweeper sends when orders wait with no board open
 * (desk/unwatched-orders.ts): one push per subscribed device of the staff who run that store's
 * desk, queued in the same transaction, so it is sent once and retried like any message.
 */
export async function unwatchedPushMessages(
  tx: Executor,
  orders: WaitingOrder[],
  at: Date,
): Promise<NewOutboxMessage[]> {
  const [first] = orders;
  if (!first) return [];
  const devices = await subscriptionsForStore(tx, first.tenant_id, first.store_id);
  const numbers = orders.map((o) => `#${o.number}`).join(', ');
  const title =
    orders.length === 1
      ? `An order is waiting at ${first.store_name}`
      : `${orders.length} orders are waiting at ${first.store_name}`;
  return devices.map((device) => ({
    tenantId: first.tenant_id,
    channel: 'push',
    recipient: device.id,
    kind: 'order_unwatched',
    subject: title,
    textBody: `${numbers}: no order desk is open. Tap to open it and answer.`,
    htmlBody: null,
    senderName: first.website_name,
    discardAfter: new Date(at.getTime() + WORTH_SENDING_MS),
    attachments: null,
  }));
}

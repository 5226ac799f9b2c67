import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enqueueMessage, type NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { unwatchedPushMessages } from '../push/unwatched-push.ts';

/** A store whose boards have all been closed this long has nobody watching it. */
export const UNWATCHED_AFTER_MS = 60_000;
/** Orders placed longer ago than this are the auto-reject's business, not an alarm's. */
const ALARM_WINDOW_MS = 30 * 60_000;

interface UnwatchedOrder {
  id: string;
  tenant_id: string;
  store_id: string;
  store_name: string;
  number: number;
  website_name: string;
  alert_email: string | null;
  alert_phone: string | null;
}

/**
 * Nothing waits unseen (issue 14, point 5; back-office.md complaint 1, "orders missed because
 * the device stayed silent"): a placed order at a store none of whose boards has been open for
 * a minute (board_presence, written by every process's hub) raises one alarm per store and
 * sweep to the shop's contact, by e-mail and, when the shop set a phone, by text. Each order
 * raises it once: the order is claimed with SKIP LOCKED and marked in the same transaction.
 * Answers how many orders were reported.
 */
export async function alertUnwatchedOrders(tx: Executor, at: Date): Promise<number> {
  const result = await tx.execute(unwatchedOrders(at, 'claim'));
  const rows = (result as unknown as { rows: UnwatchedOrder[] }).rows;
  if (rows.length === 0) return 0;
  await tx.execute(sql`
    update orders set unwatched_alert_at = ${at}::timestamptz
    where id in (${sql.join(
      rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    )})`);
  const byStore = new Map<string, UnwatchedOrder[]>();
  for (const row of rows) {
    const key = `${row.tenant_id}/${row.store_id}`;
    byStore.set(key, [...(byStore.get(key) ?? []), row]);
  }
  for (const orders of byStore.values()) {
    for (const message of alarmMessages(orders)) await enqueueMessage(tx, message);
    // And a push to the store's staff devices that asked for one (docs/decisions/0032).
    for (const message of await unwatchedPushMessages(tx, orders, at)) {
      await enqueueMessage(tx, message);
    }
  }
  return rows.length;
}

/**
 * Whether any order waits unwatched, in one statement and no transaction: the sweep claims them
 * in a transaction of its own only then (a quiet sweep sent BEGIN and COMMIT around an empty
 * claim, issue 33). An order one process is alerting is still seen here; the claim skips it.
 */
export async function anyUnwatchedOrders(db: Executor, at: Date): Promise<boolean> {
  const result = await db.execute(unwatchedOrders(at, 'look'));
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Placed orders no board has seen, claimed (locked, skipping those locked) or only looked at. */
function unwatchedOrders(at: Date, mode: 'claim' | 'look') {
  return sql`
    select o.id, o.tenant_id, o.store_id, o.store_name, o.number, t.website_name,
           coalesce(t.config->'ordering'->>'alertEmail', t.config->>'supportEmail') as alert_email,
           t.config->'ordering'->>'alertPhone' as alert_phone
    from orders o
    join tenants t on t.id = o.tenant_id
    left join board_presence p on p.tenant_id = o.tenant_id and p.store_id = o.store_id
    where o.off_desk_at is null and o.status = 'placed'
      and o.unwatched_alert_at is null
      and o.updated_at > ${at}::timestamptz - ${`${ALARM_WINDOW_MS / 1000} seconds`}::interval
      and (p.seen_at is null
           or p.seen_at < ${at}::timestamptz - ${`${UNWATCHED_AFTER_MS / 1000} seconds`}::interval)
    order by o.number
    ${mode === 'claim' ? sql`limit 100 for update of o skip locked` : sql`limit 1`}`;
}

/** The alarm's words: which orders wait, where, and what to do. */
export function alarmMessages(orders: UnwatchedOrder[]): NewOutboxMessage[] {
  const [first] = orders;
  if (!first) return [];
  const numbers = orders.map((o) => `#${o.number}`).join(', ');
  const some =
    orders.length === 1
      ? `A new order (${numbers}) is`
      : `${orders.length} new orders (${numbers}) are`;
  const text = `${some} waiting at ${first.store_name}, and no order desk of the store is open. Open the order desk (/admin/desk) to accept or reject ${orders.length === 1 ? 'it' : 'them'}; an order nobody answers is rejected automatically after a few minutes.`;
  const common = {
    tenantId: first.tenant_id,
    kind: 'order_unwatched',
    senderName: first.website_name,
    discardAfter: null,
    attachments: null,
    htmlBody: null,
  };
  const messages: NewOutboxMessage[] = [];
  if (first.alert_email) {
    messages.push({
      ...common,
      channel: 'email',
      recipient: first.alert_email,
      subject: `${first.website_name}: ${orders.length === 1 ? 'an order is' : `${orders.length} orders are`} waiting at ${first.store_name}`,
      textBody: text,
    });
  }
  if (first.alert_phone) {
    messages.push({
      ...common,
      channel: 'sms',
      recipient: first.alert_phone,
      subject: null,
      textBody: text,
    });
  }
  return messages;
}

import { sql } from 'drizzle-orm';
import { DEFAULT_AUTO_REJECT_MINUTES } from '@servery/contract/tenant-document';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { pruneEvents } from '../live-events/live-events.repository.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { orderNewsMessage } from './desk-messages.ts';
import { moveDeskOrder } from './desk.repository.ts';
import { hostsOfTenant } from '../tenants/tenants.repository.ts';
import { orderPageUrl, type MessageLinks } from '../orders/order-message.ts';
import { sendBookingReminders } from '../diary/booking-reminders.ts';
import { alertUnwatchedOrders, anyUnwatchedOrders } from './unwatched-orders.ts';
import { markMoneyBackDue, settlePayment, unsettledPayments } from './settlement.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';

/**
 * Every 10 s: an order that arrives with no board open is told to the shop within 90 s (the
 * store counts as unwatched 60 s after its last board closed, plus one sweep).
 */
const SWEEP_EVERY_MS = 10_000;
const BATCH = 20;
/** A pre-order may wait for the morning, but is answered half an hour before its time at least. */
const ANSWER_BEFORE_DUE_MS = 30 * 60_000;
const EVENTS_KEPT_MS = 48 * 3600_000;
/**
 * The sweep's housekeeping (the day-before booking reminders, from 9:00, and the pruning of
 * events older than 48 hours) runs at most this often by the sweeper's clock: neither is
 * wanted to the second, and run on every sweep it was most of a quiet process's statements,
 * with one transaction per shop taking bookings (issue 33).
 */
export const HOUSEKEEPING_EVERY_MS = 60_000;

/**
 * Nothing waits unseen (issue 14): every process sweeps, claiming placed orders past their
 * shop's answer time with FOR UPDATE SKIP LOCKED, so each is rejected exactly once whatever the
 * number of processes, and its customer is told. An order is due for an answer
 * `autoRejectMinutes` (default 10) after it was placed, or for a pre-order half an hour before
 * its time, whichever is later.
 */
export class DeskSweeper {
  private timer: NodeJS.Timeout | undefined;
  /** When this process last did the housekeeping (undefined: not yet, so the first sweep does). */
  private housekept: number | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly onMessageQueued: () => void,
    private readonly card: CardProvider | null,
    private readonly links: MessageLinks = { production: false },
  ) {}

  start() {
    this.timer = setInterval(
      () => void this.sweep().catch((error) => this.fail(error)),
      SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private fail(error: unknown) {
    this.log.error({ err: logSafeError(error) }, 'desk sweeper: a sweep failed');
  }

  /** One sweep; answers how many orders it rejected. */
  async sweep(): Promise<number> {
    const at = this.now();
    const moneyBack: { tenantId: string; orderId: string }[] = [];
    const rejected = await this.rejectUnanswered(at, moneyBack);
    if (rejected > 0) {
      this.log.warn({ rejected }, 'desk sweeper: orders nobody accepted in time were rejected');
      this.onMessageQueued();
    }
    // A quiet sweep looks first, in one statement, and opens a transaction only to claim.
    const unwatched = (await anyUnwatchedOrders(this.db, at))
      ? await this.db.transaction((tx) => alertUnwatchedOrders(tx, at))
      : 0;
    if (unwatched > 0) {
      this.log.warn({ orders: unwatched }, 'desk sweeper: orders arrived with no board open');
      this.onMessageQueued();
    }
    // Money back, after the commit; captures, releases and refunds that failed before are
    // tried again here too.
    const settlement = { db: this.db, card: this.card, log: this.log };
    for (const due of [...moneyBack, ...(await unsettledPayments(this.db))]) {
      await settlePayment(settlement, due.tenantId, due.orderId);
    }
    await this.housekeeping(at);
    return rejected;
  }

  /**
   * Rejects the orders past their answer time; those whose money goes back are pushed to
   * `moneyBack`. A quiet sweep (issue 33) looks for one first, in one statement, and opens the
   * transaction that claims them only when there is one.
   */
  private async rejectUnanswered(
    at: Date,
    moneyBack: { tenantId: string; orderId: string }[],
  ): Promise<number> {
    const looked = await this.db.execute(dueOrders(at, 'look'));
    if ((looked as unknown as { rows: unknown[] }).rows.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      const due = await tx.execute(dueOrders(at, 'claim'));
      const rows = (due as unknown as { rows: DueOrder[] }).rows;
      // The customer's message links to the order on the shop's configured host.
      const hosts = new Map<string, Awaited<ReturnType<typeof hostsOfTenant>>>();
      const hostsOf = async (tenantId: string) => {
        if (!hosts.has(tenantId)) hosts.set(tenantId, await hostsOfTenant(tx, tenantId));
        return hosts.get(tenantId)!;
      };
      let count = 0;
      for (const row of rows) {
        const moved = await moveDeskOrder(
          tx,
          { tenantId: row.tenant_id, storeIds: [row.store_id], id: row.id, from: ['placed'] },
          { to: 'rejected', at, by: 'automatic', note: 'Not accepted in time' },
        );
        if (!moved) continue;
        count++;
        const paymentOf = { tenantId: row.tenant_id, storeId: row.store_id, orderId: row.id };
        if (await markMoneyBackDue(tx, paymentOf)) {
          moneyBack.push({ tenantId: row.tenant_id, orderId: row.id });
        }
        await recordAudit(
          tx,
          {
            tenantId: row.tenant_id,
            actorId: null,
            actorEmail: 'automatic',
            actorRole: 'system',
            requestId: null,
            ip: null,
          },
          {
            action: 'order.auto_rejected',
            entity: 'order',
            entityId: row.id,
            before: { status: 'placed' },
            after: { status: 'rejected' },
          },
        );
        await recordLiveEvent(tx, {
          tenantId: row.tenant_id,
          storeId: row.store_id,
          kind: 'order.status',
          entityId: row.id,
        });
        const message = orderNewsMessage({
          news: 'rejected',
          at,
          tenantId: row.tenant_id,
          shopName: row.website_name,
          timeZone: row.time_zone ?? 'Europe/London',
          number: row.number,
          orderType: row.order_type,
          storeName: row.store_name,
          promisedAt: null,
          reason: 'other',
          note: 'the restaurant could not answer it in time',
          email: row.email,
          phone: row.phone,
          orderUrl: orderPageUrl(await hostsOf(row.tenant_id), this.links, row.id),
        });
        if (message) await enqueueMessage(tx, message);
      }
      return count;
    });
  }

  /**
   * The bookings diary's day-before reminders and the events' pruning ride on the sweep, once
   * a minute at most. A clock that went back (a test's, or the machine's) counts as time gone.
   * A housekeeping that failed is tried again on the next sweep.
   */
  private async housekeeping(at: Date) {
    const since = this.housekept === undefined ? Infinity : at.getTime() - this.housekept;
    if (since >= 0 && since < HOUSEKEEPING_EVERY_MS) return;
    const reminded = await sendBookingReminders(this.db, at, this.links);
    if (reminded > 0) {
      this.log.info({ reminded }, 'desk sweeper: booking reminders queued');
      this.onMessageQueued();
    }
    await pruneEvents(this.db, new Date(at.getTime() - EVENTS_KEPT_MS));
    this.housekept = at.getTime();
  }
}

/**
 * When a placed order was placed: its history's last entry (the placing, or the payment that
 * made it `placed`), else its creation. The desk counts down from the same moment (placedAt in
 * the contract's desk-deadline.ts). Not `updated_at`: the undo of an accept moves that, and the
 * sweeper then gave the order a second ten minutes while the desk said it was being rejected.
 */
const PLACED_AT = sql.raw(`coalesce(case when o.status_history -> -1 ->> 'status' = 'placed'
  then (o.status_history -> -1 ->> 'at')::timestamptz end, o.created_at)`);

/**
 * Placed orders past their answer time, claimed (locked, skipping those another process holds)
 * or only looked at (one is enough to know).
 */
function dueOrders(at: Date, mode: 'claim' | 'look') {
  return sql`
    select o.id, o.tenant_id, o.store_id, o.store_name, o.number, o.order_type, o.status,
           t.website_name, t.config->>'timeZone' as time_zone, c.email, c.phone
    from orders o
    join tenants t on t.id = o.tenant_id
    join customers c on c.id = o.customer_id
    where o.off_desk_at is null and o.status = 'placed'
      and ${PLACED_AT} < ${at}::timestamptz - make_interval(mins => coalesce((t.config->'ordering'->>'autoRejectMinutes')::int, ${DEFAULT_AUTO_REJECT_MINUTES}))
      and o.scheduled_for < ${at}::timestamptz + ${`${ANSWER_BEFORE_DUE_MS / 1000} seconds`}::interval
    order by ${PLACED_AT}
    ${mode === 'claim' ? sql`limit ${BATCH} for update of o skip locked` : sql`limit 1`}`;
}

interface DueOrder {
  id: string;
  tenant_id: string;
  store_id: string;
  store_name: string;
  number: number;
  order_type: 'delivery' | 'collection';
  status: string;
  website_name: string;
  time_zone: string | null;
  email: string | null;
  phone: string | null;
}

import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { ORDER_EVENT_KINDS, type LiveEventKind } from '@servery/contract/live-events';
import type { Executor } from '../../db/client.ts';
import { boardPresence, liveEvents } from '../../db/schema.ts';

/** The NOTIFY channel live events are announced on; the payload is the event's id only. */
export const LIVE_EVENTS_CHANNEL = 'servery_live_events';

export interface LiveEventInput {
  tenantId: string;
  /** Null for a shop-wide change (closed switch, booking settings). */
  storeId: string | null;
  /** What happened (the contract's live-events.ts lists the kinds). */
  kind: LiveEventKind;
  entityId: string;
}

/**
 * Records something a staff board must see, in the caller's transaction, and announces its id.
 * NOTIFY inside a transaction is delivered only if it commits, so a board never hears of a
 * change that was rolled back, and a listener that missed it replays from the table.
 */
export async function recordLiveEvent(tx: Executor, event: LiveEventInput): Promise<number> {
  const [row] = await tx.insert(liveEvents).values(event).returning({ id: liveEvents.id });
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

/**
 * An order's payment changed state (held, paid, declined, charged, released, refunded, lapsed),
 * in the transaction that changed it: the boards of its store and its customer's order page
 * refetch it, as for a move of the order (docs/architecture.md "Live").
 */
export function recordPaymentEvent(
  tx: Executor,
  order: { tenantId: string; storeId: string; orderId: string },
): Promise<number> {
  return recordLiveEvent(tx, {
    tenantId: order.tenantId,
    storeId: order.storeId,
    kind: 'order.payment',
    entityId: order.orderId,
  });
}

export type LiveEventRow = typeof liveEvents.$inferSelect;

/**
 * Events of the shop after `afterId`, and any written since `alsoSince`, oldest first (a board's
 * replay, a listener's catch-up).
 */
export async function eventsAfter(
  db: Executor,
  tenantId: string,
  afterId: number,
  alsoSince?: Date,
  limit = 500,
) {
  const after = gt(liveEvents.id, afterId);
  return db
    .select()
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.tenantId, tenantId),
        alsoSince ? or(after, gt(liveEvents.createdAt, alsoSince)) : after,
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** One order's events after `afterId`, oldest first (a customer's order page replaying). */
export async function orderEventsAfter(
  db: Executor,
  tenantId: string,
  orderId: string,
  afterId: number,
) {
  return db
    .select()
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.tenantId, tenantId),
        gt(liveEvents.id, afterId),
        eq(liveEvents.entityId, orderId),
        inArray(liveEvents.kind, [...ORDER_EVENT_KINDS]),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(100);
}

export async function eventById(db: Executor, id: number) {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id));
  return row;
}

/** The newest event id of the shop (0 when none): where a fresh board starts listening. */
export async function lastEventId(db: Executor, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)` })
    .from(liveEvents)
    .where(eq(liveEvents.tenantId, tenantId));
  return Number(row?.id ?? 0);
}

/** The newest event id of any shop (0 when none). */
export async function newestEventId(db: Executor): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)` })
    .from(liveEvents);
  return Number(row?.id ?? 0);
}

/** Events older than 48 hours go (architecture.md): a board further behind reloads instead. */
export async function pruneEvents(db: Executor, before: Date) {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}

/** Writes that boards of these stores are open now (one statement for all of a process's). */
export async function markBoardsSeen(
  db: Executor,
  stores: { tenantId: string; storeId: string }[],
  at: Date,
) {
  if (stores.length === 0) return;
  await db
    .insert(boardPresence)
    .values(stores.map((s) => ({ ...s, seenAt: at })))
    .onConflictDoUpdate({
      target: [boardPresence.tenantId, boardPresence.storeId],
      set: { seenAt: sql`greatest(${boardPresence.seenAt}, excluded.seen_at)` },
    });
}

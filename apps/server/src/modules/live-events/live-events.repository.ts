import { and, asc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm';
import { ORDER_EVENT_KINDS, type LiveEventKind } from '@servery/contract/live-events';
import type { Database, Executor } from '../../db/client.ts';
import {
  changeAndRows,
  insertText,
  rowInsert,
  runPrepared,
  type RowInsert,
  type Statement,
} from '../../db/row-insert.ts';
import { boardPresence, liveEvents } from '../../db/schema.ts';

/**
 * The NOTIFY channel live events are announced on. The payload is the event's row as JSON
 * (decision 47), so a listening process sends it on without reading it back; a payload that is
 * a bare id (an older process, or a hand-made NOTIFY) is read from the table.
 */
export const LIVE_EVENTS_CHANNEL = 'servery_live_events';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a row that long (a very long
 * entity id) is announced by its id, which the hubs read back.
 */
const NOTIFY_PAYLOAD_BYTES = 8000;

/**
 * News about a staff member's access, on the same table and NOTIFY as the boards' events, so it
 * reaches every process in the same way (issue 27): each hub ends the streams concerned and
 * sends no frame. `staff.signed_out` names a session; `staff.changed` (removed, new role or
 * stores) names the person, whose every session's streams end (their boards reconnect with the
 * new scope, or are refused).
 */
export const STAFF_ACCESS_KINDS = ['staff.signed_out', 'staff.changed'] as const;
export type StaffAccessKind = (typeof STAFF_ACCESS_KINDS)[number];

export function isStaffAccessKind(kind: string): kind is StaffAccessKind {
  return (STAFF_ACCESS_KINDS as readonly string[]).includes(kind);
}

export interface LiveEventInput {
  tenantId: string;
  /** Null for a shop-wide change (closed switch, booking settings). */
  storeId: string | null;
  /** What happened (the contract's live-events.ts lists the kinds boards are sent). */
  kind: LiveEventKind | StaffAccessKind;
  entityId: string;
}

/**
 * Records something a staff board must see, in the caller's transaction, and announces it, in
 * one statement (decision 47): the insert's row goes out as the NOTIFY payload, so the
 * listeners need not read it back. NOTIFY inside a transaction is delivered only if it commits,
 * so a board never hears of a change that was rolled back, and a listener that missed it
 * replays from the table.
 *
 * `alongside`: the change's other rows (its audit row, the message it queues), built and not
 * yet run (`auditRow`, `messageRow`): they are written in the same statement, one round trip for
 * them all (decision 52), all or, on any error, none.
 */
export async function recordLiveEvent(
  tx: Executor,
  event: LiveEventInput,
  alongside: RowInsert[] = [],
): Promise<number> {
  const [written] = await changeWithLiveEvent(tx, NO_CHANGE, event, alongside);
  return Number(written!.live_event_id);
}

/** The change of an event that has none of its own: one row, no columns. */
const NO_CHANGE: Statement = { sql: 'select', params: [] };

/**
 * A change, its rows and its live event in one statement, which needs no transaction
 * (decision 53): `change` is an insert or update `returning` its row; the live event and each
 * of `alongside` are written once for each row it gives, so not at all when an update matched
 * nothing (another member of staff moved the order first). Answers the change's rows as the
 * driver gives them, with `live_event_id`; none when it matched nothing. All of it is written
 * or, on any error, none; the NOTIFY goes out when it commits.
 */
export async function changeWithLiveEvent(
  ex: Executor,
  change: Statement,
  event: LiveEventInput,
  alongside: RowInsert[] = [],
): Promise<Record<string, unknown>[]> {
  const { sql: rows, params } = changeAndRows(change, alongside);
  const written = insertText(rowInsert(liveEvents, event), params, 'changed');
  params.push(LIVE_EVENTS_CHANNEL, NOTIFY_PAYLOAD_BYTES);
  const channel = `$${params.length - 1}`;
  const limit = `$${params.length}`;
  return runPrepared(ex, {
    sql: `${rows}, written as (${written} returning *),
    announced as (select id, row_to_json(written)::text as row from written)
    select announced.id as live_event_id, pg_notify(${channel},
      case when octet_length(announced.row) < ${limit} then announced.row else announced.id::text end
    ) as announced, changed.* from changed, announced`,
    params,
  });
}

const LIVE_EVENT_COLUMNS = Object.entries(getTableColumns(liveEvents));

/**
 * The row a NOTIFY payload carries, decoded as Drizzle decodes the table's columns; null when
 * the payload is not a row (a bare id: read it from the table).
 */
export function eventFromPayload(payload: string): LiveEventRow | null {
  if (!payload.startsWith('{')) return null;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of LIVE_EVENT_COLUMNS) {
    const value = json[column.name];
    if (value === undefined) return null;
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as LiveEventRow;
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

/** How many events one read of a replay takes: a replay reads page after page until done. */
export const REPLAY_PAGE = 500;

/** Events of every shop after `afterId`, oldest first: one page of a hub's catch-up. */
export async function eventsPage(db: Executor, afterId: number, limit = REPLAY_PAGE) {
  return db
    .select()
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** Events of the shop after `afterId`, oldest first: one page of a board's replay. */
export async function shopEventsPage(
  db: Executor,
  tenantId: string,
  afterId: number,
  limit = REPLAY_PAGE,
) {
  return db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.tenantId, tenantId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** One order's events after `afterId`, oldest first: one page of an order page's replay. */
export async function orderEventsPage(
  db: Executor,
  tenantId: string,
  orderId: string,
  afterId: number,
  limit = REPLAY_PAGE,
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
    .limit(limit);
}

/** Every event `page` finds after `afterId`, read page by page (no single LIMIT). */
export async function allPages(
  page: (afterId: number) => Promise<LiveEventRow[]>,
  afterId: number,
): Promise<LiveEventRow[]> {
  const all: LiveEventRow[] = [];
  for (let after = afterId; ;) {
    const rows = await page(after);
    all.push(...rows);
    if (rows.length < REPLAY_PAGE) return all;
    after = rows.at(-1)!.id;
  }
}

/**
 * The newest event id below which nothing can still appear (decision 31): SHARE mode waits
 * for every transaction that is inserting into live_events (an INSERT holds ROW EXCLUSIVE from
 * before it draws its id until it ends) and holds new ones back for the moment of one read, so
 * every id up to the answer is committed or will never be. Gives up after `waitMs` (a long
 * transaction): the caller then keeps its older answer.
 */
export async function settledEventId(db: Database, waitMs = 2_000): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(waitMs))}`));
    await tx.execute(sql`lock table ${liveEvents} in share mode`);
    const [row] = await tx
      .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)` })
      .from(liveEvents);
    return Number(row?.id ?? 0);
  });
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

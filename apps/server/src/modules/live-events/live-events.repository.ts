import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { liveEvents } from '../../db/schema.ts';

/** The NOTIFY channel live events are announced on; the payload is the event's id only. */
export const LIVE_EVENTS_CHANNEL = 'servery_live_events';

export interface LiveEventInput {
  tenantId: string;
  /** Null for a shop-wide change (closed switch, booking settings). */
  storeId: string | null;
  /** What happened, e.g. order.created, order.status, booking.created, availability. */
  kind: string;
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

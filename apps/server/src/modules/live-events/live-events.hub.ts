import { isOrderEventKind } from '@servery/contract/live-events';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import { DeliveredIds } from './delivered-ids.ts';
import { CatchUp } from './live-events-catch-up.ts';
import {
  LIVE_EVENTS_CHANNEL,
  eventById,
  eventFromPayload,
  isStaffAccessKind,
  markBoardsSeen,
  settledEventId,
  type LiveEventRow,
} from './live-events.repository.ts';

/**
 * One connected stream: whose it is, what it sees, and how to send it an event. A staff board
 * sees its stores and ends with its session; a customer's order page (`orderId`) sees that
 * order's events only, and its empty `storeIds` never count as a board watching.
 */
export interface LiveStream {
  tenantId: string;
  storeIds: readonly string[];
  /** A customer's order page: only this order's events. */
  orderId?: string;
  /** A staff board's person and session: news about either ends the stream (issue 27). */
  staffId?: string;
  sessionId?: string;
  send(event: LiveEventRow): void;
  /** Ends the stream; the browser reconnects (and is asked for its session again). */
  end(): void;
}

/** Whether an event is one a stream may see. */
function sees(stream: LiveStream, event: LiveEventRow): boolean {
  if (stream.tenantId !== event.tenantId) return false;
  if (stream.orderId !== undefined) {
    return event.entityId === stream.orderId && isOrderEventKind(event.kind);
  }
  return !event.storeId || stream.storeIds.includes(event.storeId);
}

/** Ids kept above the watermark before the hub asks the database to settle it. */
const REMEMBERED = 2_000;
/** How often a process writes down which stores have a board open here (board_presence). */
export const PRESENCE_EVERY_MS = 15_000;

/**
 * Every stream connected to this process, fed by one dedicated LISTEN connection
 * (architecture.md "Live"). NOTIFY carries the event's row (decision 47; a bare id is read back
 * from the table), sent to the streams that may see it. Which ids were dealt with is a watermark and the ids
 * above it (`DeliveredIds`); after the connection comes back, or a read failed, the hub replays
 * the table by id from the watermark, page by page, until it is caught up (decision 31).
 */
export class LiveEventsHub {
  private readonly streams = new Set<LiveStream>();
  private readonly delivered = new DeliveredIds();
  private unsubscribe: (() => Promise<void>) | undefined;
  private presence: NodeJS.Timeout | undefined;
  private readonly catchUps: CatchUp;
  private stopped = false;
  private lostAt: number | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    this.catchUps = new CatchUp(database.db, this.delivered, (event) => this.deliver(event), log);
  }

  async start() {
    this.unsubscribe = await this.database.listen(
      LIVE_EVENTS_CHANNEL,
      (payload) => void this.onNotify(payload),
      { onLost: (error) => this.onLost(error), onReconnect: () => void this.onBack() },
    );
    // LISTEN is in place: whatever commits from now on is announced, and nothing up to the
    // settled id can still appear. Older events are not this hub's to send (a board that
    // opens replays them from the table itself).
    this.delivered.settleTo(await settledEventId(this.database.db, 10_000));
    this.presence = setInterval(() => void this.markSeen(), PRESENCE_EVERY_MS);
    this.presence.unref();
  }

  /** A normal stop: open streams end quietly (their browsers reconnect to another process). */
  async stop() {
    this.stopped = true;
    clearInterval(this.presence);
    this.endStreams();
    await this.unsubscribe?.();
    await this.catchUps.stop();
  }

  endStreams() {
    for (const stream of [...this.streams]) stream.end();
    this.streams.clear();
  }

  add(stream: LiveStream) {
    this.streams.add(stream);
    return () => void this.streams.delete(stream);
  }

  /** How many streams of this session are open on this process. */
  streamsOfSession(sessionId: string): number {
    let count = 0;
    for (const s of this.streams) if (s.sessionId === sessionId) count += 1;
    return count;
  }

  /** Whether the hub has dealt with this id (it will not send it again). */
  handled(id: number): boolean {
    return this.delivered.has(id);
  }

  /**
   * Writes down that the stores of the open boards are watched (board_presence), so the desk
   * sweeper of any process can tell when an order arrives with nobody looking (issue 14).
   */
  async markSeen(streams: Iterable<Pick<LiveStream, 'tenantId' | 'storeIds'>> = this.streams) {
    const stores = new Map<string, { tenantId: string; storeId: string }>();
    for (const s of streams) {
      for (const storeId of s.storeIds) {
        stores.set(`${s.tenantId}/${storeId}`, { tenantId: s.tenantId, storeId });
      }
    }
    await markBoardsSeen(this.database.db, [...stores.values()], this.now()).catch((error) =>
      this.log.warn({ err: logSafeError(error) }, 'live events: board presence not written'),
    );
  }

  get size() {
    return this.streams.size;
  }

  /** Replays the table from the watermark until caught up (decision 31). */
  catchUp(): Promise<number> {
    return this.catchUps.run();
  }

  private async onNotify(payload: string) {
    // The row itself (decision 47), or a bare id to read back.
    let event: LiveEventRow | null | undefined = eventFromPayload(payload);
    const id = event ? event.id : Number(payload);
    if (!Number.isSafeInteger(id) || this.delivered.has(id)) return;
    if (this.streams.size === 0) {
      this.delivered.add(id);
      return;
    }
    if (!event) {
      try {
        event = await eventById(this.database.db, id);
      } catch {
        // The pooled connection failed (issue 27): the replay after it reads the event again.
        this.catchUps.soon();
        return;
      }
    }
    if (!event) this.delivered.add(id);
    else if (!this.delivered.has(id)) this.deliver(event);
    if (this.delivered.remembered > REMEMBERED) this.catchUps.soon();
  }

  private deliver(event: LiveEventRow) {
    this.delivered.add(event.id);
    if (isStaffAccessKind(event.kind)) {
      this.endAccess(event);
      return;
    }
    for (const stream of this.streams) if (sees(stream, event)) stream.send(event);
  }

  /** A session signed out, or a person removed or given another role or stores. */
  private endAccess(event: LiveEventRow) {
    for (const stream of [...this.streams]) {
      if (stream.tenantId !== event.tenantId) continue;
      const ends =
        event.kind === 'staff.signed_out'
          ? stream.sessionId === event.entityId
          : stream.staffId === event.entityId;
      if (ends) {
        this.streams.delete(stream);
        stream.end();
      }
    }
  }

  private onLost(error: Error | undefined) {
    this.lostAt ??= Date.now();
    this.log.warn(
      { err: error && logSafeError(error) },
      'live events: the LISTEN connection was lost; streams are caught up from the table when it is back',
    );
  }

  private async onBack() {
    const replayed = await this.catchUps.run();
    const downMs = this.lostAt === undefined ? undefined : Date.now() - this.lostAt;
    this.lostAt = undefined;
    if (!this.stopped) {
      this.log.info(
        { replayed, downMs },
        `live events: the LISTEN connection is back; ${replayed} events replayed`,
      );
    }
  }
}

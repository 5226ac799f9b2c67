import { isOrderEventKind } from '@servery/contract/live-events';
import type { DatabaseHandle } from '../../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import { logSafeError } from '../../lib/log-safe-error.ts';
import {
  LIVE_EVENTS_CHANNEL,
  eventById,
  eventsAfter,
  markBoardsSeen,
  newestEventId,
  type LiveEventRow,
} from './live-events.repository.ts';

/**
 * One connected stream: whose it is, what it sees, and how to send it an event. A staff board
 * sees its stores; a customer's order page (`orderId`) sees that order's events only, and its
 * empty `storeIds` never count as a board watching (board_presence).
 */
export interface LiveStream {
  tenantId: string;
  storeIds: readonly string[];
  /** A customer's order page: only this order's events. */
  orderId?: string;
  lastId: number;
  send(event: LiveEventRow): void;
}

/** Whether an event is one a stream may see. */
function sees(stream: LiveStream, event: LiveEventRow): boolean {
  if (stream.tenantId !== event.tenantId) return false;
  if (stream.orderId !== undefined) {
    return event.entityId === stream.orderId && isOrderEventKind(event.kind);
  }
  return !event.storeId || stream.storeIds.includes(event.storeId);
}

const REMEMBERED = 2000;
/** How often a process writes down which stores have a board open here (board_presence). */
export const PRESENCE_EVERY_MS = 15_000;
/** How long a transaction may hold an event id before committing it and still be caught up. */
const LATE_COMMITS_MS = 60_000;

/**
 * Every board connected to this process, fed by one dedicated LISTEN connection (architecture.md "Live
 * events"). NOTIFY carries only an event's id; the row is read once per process and sent to the
 * boards of its shop that may see its store. After the listening connection comes back, every
 * board is caught up from the table, so a database restart loses nothing.
 */
export class LiveEventsHub {
  private readonly streams = new Set<LiveStream>();
  /** Ids sent recently, so a late NOTIFY or a catch-up never sends an event twice. */
  private readonly sent = new Set<number>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private presence: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The newest event id when this process started: older ones are not this hub's to send. */
  private floor = 0;

  async start() {
    this.floor = await newestEventId(this.database.db);
    this.unsubscribe = await this.database.listen(
      LIVE_EVENTS_CHANNEL,
      (payload) => void this.onNotify(Number(payload)),
      { onReconnect: () => void this.catchUp() },
    );
    this.presence = setInterval(() => void this.markSeen(), PRESENCE_EVERY_MS);
    this.presence.unref();
  }

  async stop() {
    clearInterval(this.presence);
    await this.unsubscribe?.();
  }

  add(stream: LiveStream) {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
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

  private async onNotify(id: number) {
    if (!Number.isSafeInteger(id) || this.sent.has(id) || this.streams.size === 0) return;
    const event = await eventById(this.database.db, id).catch(() => undefined);
    // Checked again: a catch-up running meanwhile (right after a reconnection) may have sent it.
    if (event && !this.sent.has(event.id)) this.deliver(event);
  }

  /**
   * After a lost connection: what each shop's boards missed, from the table. Ids are taken when
   * an event is written but arrive in commit order, so an event with a lower id than the last
   * one sent may have committed while the connection was down: events written in the last
   * minute are read again too, and the ones already sent are skipped.
   */
  private async catchUp() {
    const byTenant = new Map<string, number>();
    for (const s of this.streams) {
      byTenant.set(s.tenantId, Math.min(byTenant.get(s.tenantId) ?? s.lastId, s.lastId));
    }
    const recent = new Date(this.now().getTime() - LATE_COMMITS_MS);
    for (const [tenantId, after] of byTenant) {
      const events = await eventsAfter(this.database.db, tenantId, after, recent).catch(() => []);
      for (const event of events) {
        if (event.id > this.floor && !this.sent.has(event.id)) this.deliver(event);
      }
    }
  }

  private deliver(event: LiveEventRow) {
    this.sent.add(event.id);
    if (this.sent.size > REMEMBERED) this.sent.delete(this.sent.values().next().value!);
    for (const stream of this.streams) {
      if (stream.tenantId !== event.tenantId) continue;
      // Every stream of the shop has been considered up to here, sent the event or not, so a
      // catch-up after a lost connection starts from the shop's newest id, not from the last
      // event a quiet stream (one order, one store) happened to see.
      stream.lastId = Math.max(stream.lastId, event.id);
      if (sees(stream, event)) stream.send(event);
    }
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import type { DeliveredIds } from './delivered-ids.ts';
import {
  REPLAY_PAGE,
  eventsPage,
  settledEventId,
  type LiveEventRow,
} from './live-events.repository.ts';

const REPAIR_AFTER_MS = 500;
const MAX_RETRY_MS = 5_000;

/**
 * A hub's catch-up from the table (decision 31): one at a time, retried with backoff until it
 * succeeds or the hub stops. A call made while one runs runs it again after (the running one
 * may have started before what the call is about).
 */
export class CatchUp {
  private running: Promise<number> | undefined;
  private again = false;
  private repair: NodeJS.Timeout | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly delivered: DeliveredIds,
    private readonly deliver: (event: LiveEventRow) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Replays the table from the watermark until caught up; answers how many events were new. */
  run(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const all = async () => {
      let replayed = 0;
      do {
        this.again = false;
        replayed += await this.untilDone();
      } while (this.again && !this.stopped);
      return replayed;
    };
    this.running = all().finally(() => (this.running = undefined));
    return this.running;
  }

  /** A run soon (a read failed, or a hole keeps many ids above the watermark). */
  soon() {
    if (this.repair || this.stopped) return;
    this.repair = setTimeout(() => {
      this.repair = undefined;
      void this.run();
    }, REPAIR_AFTER_MS);
    this.repair.unref();
  }

  async stop() {
    this.stopping.abort();
    clearTimeout(this.repair);
    await this.running;
  }

  private get stopped() {
    return this.stopping.signal.aborted;
  }

  private async untilDone(): Promise<number> {
    for (let waitMs = 250; !this.stopped; waitMs = Math.min(waitMs * 2, MAX_RETRY_MS)) {
      try {
        return await this.replay();
      } catch (error) {
        this.log.warn({ err: logSafeError(error) }, 'live events: catch-up failed; trying again');
        await sleep(waitMs, undefined, { ref: false, signal: this.stopping.signal }).catch(
          () => {},
        );
      }
    }
    return 0;
  }

  /**
   * First the settled id (nothing up to it can still appear), then every event after the
   * watermark, page by page, each sent unless it was; then the watermark moves to the settled
   * id. Whatever commits after LISTEN came back is announced as well (decision 31).
   */
  private async replay(): Promise<number> {
    const settled = await settledEventId(this.db).catch(() => undefined);
    let replayed = 0;
    for (let after = this.delivered.watermark; ;) {
      const page = await eventsPage(this.db, after);
      for (const event of page) {
        if (this.delivered.has(event.id)) continue;
        this.deliver(event);
        replayed += 1;
      }
      if (page.length < REPLAY_PAGE) break;
      after = page.at(-1)!.id;
    }
    if (settled !== undefined) this.delivered.settleTo(settled);
    return replayed;
  }
}

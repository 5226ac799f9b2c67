import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { DeliveryError } from '../../providers/delivery-error.ts';
import type { SmsTransport } from '../../providers/sms/sms-transport.ts';
import type { PushTransport } from '../../providers/push/push-transport.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import type { ShopMailSettings, ShopMailTransports } from './shop-mail.ts';
import {
  claimDueMessages,
  markDropped,
  markFailed,
  markRetry,
  markSent,
  orderStatusesOf,
  type OutboxMessage,
} from './outbox.repository.ts';
import { NEWS_TRUE_WHILE } from './order-news-worth.ts';

/** Waits before each retry: quick at first (a code is wanted now), then backing off. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 120_000, 300_000, 900_000, 1_800_000];
const BATCH = 20;
/** A claimed message comes back to the queue if its sender has not reported within this. */
const LEASE_MS = 60_000;
const POLL_MS = 5_000;

/** When failed messages are tried again: the waits before each retry, and how often to look. */
export interface OutboxTiming {
  retryDelaysMs: readonly number[];
  pollMs: number;
}
const TIMING: OutboxTiming = { retryDelaysMs: RETRY_DELAYS_MS, pollMs: POLL_MS };
/**
 * Wakes within this long of the first are one run (decision 47): at a busy service's rate each
 * order's wake would otherwise claim its own message in a round trip of its own.
 */
export const WAKE_GATHER_MS = 20;

export interface OutboxTransports {
  mail: ShopMailTransports;
  sms: SmsTransport;
  /** Web Push to staff devices (modules/push/push-sender.ts). */
  push?: PushTransport;
  /** The shop's reply-to address and own SMTP server, read at send time (kept briefly). */
  shopMailOf: (tenantId: string) => Promise<ShopMailSettings | null>;
}

/**
 * Delivers the outbox (architecture.md "Messages"): woken right after a message is written, and
 * polling in case another instance wrote it or an earlier attempt failed. A message is sent at
 * least once; one that keeps failing is marked failed with its last error.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private gathering: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly transports: OutboxTransports,
    private readonly log: FastifyBaseLogger,
    /** The application's clock, which decides when a message is too old to send. */
    private readonly now: () => Date = () => new Date(),
    /** Shorter in the tests that watch a retry happen. */
    private readonly timing: OutboxTiming = TIMING,
  ) {}

  /** Runs that claimed messages (a count for the tests of gathered wakes). */
  claims = 0;

  start(): void {
    this.timer = setInterval(() => this.run(), this.timing.pollMs);
    this.timer.unref();
    this.run();
  }

  /**
   * Deliver what is due soon: the wakes of the next WAKE_GATHER_MS are gathered into one run,
   * and a wake during a run makes the run go round once more.
   */
  wake(): void {
    if (this.stopped || this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      this.run();
    }, WAKE_GATHER_MS);
  }

  private run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.run();
      }
    });
  }

  /** Stops polling and waits for the messages in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.gathering);
    await this.running;
    this.transports.mail.close();
  }

  /** Sends everything due, batch by batch, until a batch comes back short. */
  async drain(): Promise<void> {
    try {
      for (;;) {
        const batch = await claimDueMessages(this.db, BATCH, LEASE_MS);
        if (batch.length === 0) return;
        this.claims += 1;
        // Read after the claim: news of an order that moved on before its message was due is
        // dropped by the one run that claimed it (decision 82).
        const standing = await orderStatusesOf(
          this.db,
          batch.filter((message) => message.kind in NEWS_TRUE_WHILE),
        );
        const sent = await Promise.all(
          batch.map((message) => this.deliver(message, standing.get(message.id))),
        );
        await markSent(
          this.db,
          batch.filter((_, i) => sent[i]).map((message) => message.id),
        );
        // A short batch took everything due when it was claimed: what came since has woken
        // the worker again (decision 47), so no empty claim is made to find that out.
        if (this.stopped || batch.length < BATCH) return;
      }
    } catch (error) {
      // The database is away; the next poll tries again.
      this.log.error({ err: logSafeError(error) }, 'outbox: could not read due messages');
    }
  }

  /**
   * Sends one message; true when it went (the batch is marked sent together). `orderNow`: where
   * the order of a piece of held news stands now.
   */
  private async deliver(message: OutboxMessage, orderNow?: string): Promise<boolean> {
    const where = { outboxId: message.id, kind: message.kind, channel: message.channel };
    const why = this.notWorthSending(message, orderNow);
    if (why) {
      await markDropped(this.db, message.id, why);
      this.log.warn({ ...where, why }, 'outbox: message dropped, not sent');
      return false;
    }
    try {
      await this.send(message);
    } catch (error) {
      const reason = (error as Error).message;
      const permanent = error instanceof DeliveryError && error.permanent;
      const delay = this.timing.retryDelaysMs[message.attempts - 1];
      if (permanent || delay === undefined) {
        await markFailed(this.db, message.id, reason);
        this.log.error({ ...where, reason, attempts: message.attempts }, 'outbox: gave up');
      } else {
        await markRetry(this.db, message.id, reason, delay);
        this.log.warn({ ...where, reason, retryInMs: delay }, 'outbox: delivery failed');
      }
      return false;
    }
    return true;
  }

  /** Why a message is dropped instead of sent (decision 82), or null to send it. */
  private notWorthSending(message: OutboxMessage, orderNow?: string): string | null {
    const trueWhile = NEWS_TRUE_WHILE[message.kind];
    if (trueWhile && orderNow && orderNow !== trueWhile) {
      return `the order was ${orderNow.replace(/_/g, ' ')} before it was due to go`;
    }
    if (message.discardAfter && message.discardAfter.getTime() < this.now().getTime()) {
      return 'too late: it could not go while it was worth sending';
    }
    return null;
  }

  private async send(message: OutboxMessage): Promise<void> {
    if (message.textBody === null) throw new DeliveryError('the message has no body', true);
    if (message.channel === 'sms') {
      await this.transports.sms.send({ to: message.recipient, text: message.textBody });
      return;
    }
    if (message.channel === 'push') {
      if (!this.transports.push) throw new DeliveryError('push is not set up', true);
      const { tenantId, recipient, textBody: body } = message;
      await this.transports.push.send({ tenantId, recipient, title: message.subject ?? '', body });
      return;
    }
    // Each shop speaks as itself: answers go to its support address, and its mail leaves
    // through its own server when it has one (decision 0020).
    const shop = await this.transports.shopMailOf(message.tenantId);
    const transport = this.transports.mail.for(message.tenantId, shop?.smtp ?? null);
    await transport.send({
      to: message.recipient,
      fromName: message.senderName,
      ...(shop ? { replyTo: shop.replyTo } : {}),
      subject: message.subject ?? '',
      text: message.textBody,
      html: message.htmlBody ?? '',
      attachments: message.attachments ?? undefined,
    });
  }
}

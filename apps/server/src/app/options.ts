import type { FastifyServerOptions } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { AnswerCheck } from '../lib/answer-check.ts';
import type { OutboxTiming } from '../modules/outbox/outbox.worker.ts';
import type { VapidSettings } from '../modules/push/vapid-keys.ts';
import type { StripeOptions } from '../providers/payments/stripe.ts';
import type { TwilioOptions } from '../providers/sms/twilio.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** Slug of the tenant that answers hosts no tenant claims; none means such hosts get 404. */
  defaultTenant?: string;
  production?: boolean;
  /** The built web app (apps/web/dist). */
  webDistDir: string;
  /** Redis for counters shared by every server process (rate limits); unset, each counts alone. */
  redisUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Which proxies to believe about the client's address (env TRUST_PROXY). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The clock codes, sessions and limits are measured by (tests move it forward). */
  now?: () => Date;
  /** Key for the keyed hashes of sign-in codes; a random one per process when unset. */
  secretKey?: string;
  /** Outgoing messages; with no SMTP or Twilio, each message is written to the log. */
  messages?: {
    smtpUrl?: string;
    mailFrom?: string;
    twilio?: TwilioOptions;
    /** false: messages stay in the outbox (tests read them there). Default true. */
    deliver?: boolean;
    /** When failed messages are tried again (outbox.worker.ts; tests watching a retry shorten it). */
    timing?: OutboxTiming;
  };
  /** Card payments through Stripe; without it the demo (test-mode) card form takes them. */
  stripe?: StripeOptions;
  /** This server's port, for links in messages sent without a request outside production. */
  publicPort?: number;
  /** How answers are checked against the contract (env ANSWER_CHECK, decision 0060); default `every`. */
  answerCheck?: AnswerCheck;
  /** false: every request goes through the framework (env FRONT_DOOR=off, decision 0029). */
  frontDoor?: boolean;
  /** Web Push's VAPID keys (env.ts); without keys, a pair kept in the database. */
  vapid?: Partial<VapidSettings>;
}

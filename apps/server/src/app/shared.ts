import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { LiveEventsHub } from '../modules/live-events/live-events.hub.ts';
import type { MessageLinks } from '../modules/orders/order-message.ts';
import { cachedTenant } from '../modules/tenants/cached-tenant.ts';
import type { Tenant } from '../modules/tenants/tenants.repository.ts';
import type { CardProvider } from '../providers/payments/payment-provider.ts';
import { createStripeProvider } from '../providers/payments/stripe.ts';
import type { AppOptions } from './options.ts';

/** What the areas share, made once from the options and handed to each explicitly. */
export interface Shared {
  db: Database;
  production: boolean;
  /** The clock codes, sessions and limits are measured by. */
  now: () => Date;
  /** Production without Twilio sends no texts at all (decision 0020); development logs them. */
  textsAvailable: boolean;
  /** Whether this process delivers messages and runs the background work (tests turn it off). */
  deliver: boolean;
  /** Key for the keyed hashes of sign-in codes. */
  secretKey: Buffer;
  /** Card payments through Stripe; null: the demo card form takes them. */
  card: CardProvider | null;
  /** Where links in messages point. */
  links: MessageLinks;
  /** The shop's whole document, cached until it changes (for background work and staff calls). */
  tenantOf: (tenantId: string) => Promise<Tenant>;
}

/** What the storefront and staff areas are given besides: made by the infrastructure. */
export interface AreaDeps extends Shared {
  /** After a message was committed to the outbox: wakes it, where this process delivers. */
  wakeOutbox: () => void;
  /**
   * After a message or an order was committed: wakes the outbox and nudges auto-accept, unless
   * told no order of an auto-accepting store came with it (`false`: a cash order of a store that
   * does not auto-accept, the busiest case; the 5 s sweep is the net either way).
   */
  onMessageQueued: (nudgeAutoAccept?: boolean) => void;
  /** The LISTEN hub the live streams are served from. */
  hub: LiveEventsHub;
}

export function sharedPieces(app: FastifyInstance, options: AppOptions): Shared {
  const { db } = options.database;
  const production = options.production ?? false;
  return {
    db,
    production,
    now: options.now ?? (() => new Date()),
    textsAvailable: Boolean(options.messages?.twilio) || !production,
    deliver: options.messages?.deliver ?? true,
    secretKey: options.secretKey ? Buffer.from(options.secretKey) : randomBytes(32),
    card: options.stripe ? createStripeProvider(options.stripe) : null,
    links: { production, ...(options.publicPort ? { port: options.publicPort } : {}) },
    tenantOf: (tenantId) => cachedTenant(app, db, tenantId),
  };
}

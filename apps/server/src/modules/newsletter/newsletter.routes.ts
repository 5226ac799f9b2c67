import { SUBSCRIBED_MESSAGE, ZSubscribeRequest } from '@servery/contract/newsletter';
import {
  UNSUBSCRIBED_MESSAGE,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
} from '@servery/contract/personal-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import { addSubscription } from './newsletter.repository.ts';
import { exportSubscribers, unsubscribe, unsubscribeLinkInfo } from './newsletter.service.ts';

/** Per shop and IP (docs/decisions/0007-rate-limits.md). */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
/** Unsubscribe links are 256-bit tokens; the limit only keeps scanners from hammering. */
const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

const ZToken = z.object({
  token: z.string().regex(/^[\w-]{43}$/, UNSUBSCRIBE_LINK_INVALID_MESSAGE),
});

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.post(
    '/api/subscribe',
    { schema: { body: ZSubscribeRequest }, config: { rateLimit: SUBSCRIBE_RATE_LIMIT } },
    async (request) => {
      await addSubscription(db, request.tenant.id, request.body.email);
      // The same answer for a new and a known address, so the form cannot tell anyone who
      // is on the list.
      return { status: 200, message: SUBSCRIBED_MESSAGE, data: null };
    },
  );

  // The link in a newsletter e-mail (docs/decisions/0021-personal-data.md): GET only reads, so
  // a mail scanner that follows links unsubscribes nobody; the page's button POSTs.
  app.get(
    '/api/newsletter/unsubscribe/:token',
    { schema: { params: ZToken }, config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT } },
    async (request) => {
      const data = await unsubscribeLinkInfo(db, request.tenant.id, request.params.token);
      return { status: 200, message: 'OK', data };
    },
  );

  app.post(
    '/api/newsletter/unsubscribe/:token',
    { schema: { params: ZToken }, config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT } },
    async (request) => {
      const data = await unsubscribe(db, request.tenant.id, request.params.token, now());
      return { status: 200, message: UNSUBSCRIBED_MESSAGE, data };
    },
  );
};

/** The owners' export of the list (staff area, docs/decisions/0021-personal-data.md). */
export const newsletterSubscribersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/admin/newsletter/subscribers',
    { onRequest: app.requireStaff('customers:export') },
    async (request) => {
      const data = await exportSubscribers(db, auditActorOf(request));
      return { status: 200, message: 'Subscribers.', data };
    },
  );
};

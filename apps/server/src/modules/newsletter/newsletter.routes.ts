import { SUBSCRIBED_MESSAGE, ZSubscribeRequest } from '@servery/contract/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { addSubscription } from './newsletter.repository.ts';

/** Per shop and IP (docs/decisions/0007-rate-limits.md). */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/subscribe',
    { schema: { body: ZSubscribeRequest }, config: { rateLimit: SUBSCRIBE_RATE_LIMIT } },
    async (request) => {
      await addSubscription(db, request.tenant.id, request.body.email);
      // The same answer for a new and a known address, so the form cannot tell anyone who
      // is on the list.
      return { status: 200, message: SUBSCRIBED_MESSAGE };
    },
  );
};

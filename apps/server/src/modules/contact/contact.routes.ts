import { CONTACT_RECEIVED_MESSAGE, ZContactRequest } from '@servery/contract/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { addContactRequest } from './contact.repository.ts';

/** Per shop and IP (docs/decisions/0007-rate-limits.md). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 60 * 60_000 };

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/contact',
    { schema: { body: ZContactRequest }, config: { rateLimit: CONTACT_RATE_LIMIT } },
    async (request) => {
      await addContactRequest(db, request.tenant.id, request.body);
      return { status: 200, message: CONTACT_RECEIVED_MESSAGE, data: null };
    },
  );
};

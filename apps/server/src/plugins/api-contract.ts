import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_RESPONSES, BEARER_ROUTES, ZErrorEnvelope } from '@servery/contract/api-responses';

/** The Idempotency-Key header of the two calls that honour one (architecture.md "Security"). */
const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.')
    .optional()
    .describe('The same key and body answer the first answer again; another body is a 409.'),
});
const IDEMPOTENT = new Set([
  'POST /api/order',
  'POST /api/booking',
  'POST /api/admin/orders/:id/refunds',
]);
/** The API's operations: everything under /api/ but the reference's own pages, and health. */
const API_PATH = /^\/(?:api\/(?!docs)|healthz$|readyz$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** "METHOD /path" of every API operation registered (the contract tests walk them). */
    apiOperations: readonly string[];
  }
}

/**
 * Attaches the contract's answers to every route as it is registered (issue 12): the 2xx
 * schema of packages/contract/src/api-responses.ts, the error envelope for every 4xx and 5xx,
 * the bearer security of customer routes and the Idempotency-Key header. One table in the
 * contract, so the OpenAPI document and the answers cannot drift apart; the serializer then
 * checks every object answer against it (strings the routes cache are checked by the tests).
 */
export const apiContractPlugin = fp(
  async (app: FastifyInstance) => {
    const operations: string[] = [];
    app.decorate('apiOperations', operations);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const method = methods.find((m) => m !== 'HEAD');
      if (!method || !API_PATH.test(route.url)) return;
      const key = `${method} ${route.url}`;
      if (!(route.schema as { hide?: boolean } | undefined)?.hide) operations.push(key);
      const answer = API_RESPONSES[key];
      if (!answer) return;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      route.schema = {
        ...schema,
        response: {
          [answer.status]: answer.schema,
          '4xx': ZErrorEnvelope,
          '5xx': ZErrorEnvelope,
          ...(schema.response as object | undefined),
        },
        ...(BEARER_ROUTES.has(key) ? { security: [{ bearer: [] }] } : {}),
        ...(IDEMPOTENT.has(key) ? { headers: ZIdempotencyHeaders } : {}),
      };
    });
  },
  { name: 'api-contract' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by `app.requireCustomer` on customer routes. */
    customerId: string;
  }
  interface FastifyInstance {
    /** preHandler for customer routes: 401 unless a live bearer token of this shop is sent. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer ([\w-]{16,128})$/;

/**
 * Bearer-token authentication (SPEC §6). Tokens are opaque; the resolver hashes one and finds
 * its live session in the request's shop, so a token from another shop is no token here.
 */
export const authenticationPlugin = fp(
  async (
    app: FastifyInstance,
    options: { resolveToken: (tenantId: string, token: string) => Promise<string | undefined> },
  ) => {
    app.decorateRequest('customerId', '');
    app.decorate('requireCustomer', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const customerId = match && (await options.resolveToken(request.tenant.id, match[1]!));
      if (!customerId) {
        throw new AppError(401, 'unauthorized', 'Please sign in again.');
      }
      request.customerId = customerId;
    });
  },
  { name: 'authentication', dependencies: ['tenant'] },
);

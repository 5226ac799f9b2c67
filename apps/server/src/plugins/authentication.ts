import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { OrderSession } from '../modules/auth/auth.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by `app.requireCustomer` on customer routes. */
    customerId: string;
  }
  interface FastifyInstance {
    /** preHandler for customer routes: 401 unless a live bearer token of this shop is sent. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest for a route that reads its session later, with `requireOrderCustomer`:
     * 401 at once when no bearer token is sent at all.
     */
    requireBearer: (request: FastifyRequest) => Promise<void>;
    /**
     * As `requireCustomer` for an order, reading the customer's contact and their address
     * `addressId` (when one is given) in the same round trip: resolves to both, the address
     * null when none is named or it is not theirs.
     */
    requireOrderCustomer: (
      request: FastifyRequest,
      addressId: string | undefined,
    ) => Promise<Omit<OrderSession, 'customerId'>>;
  }
}

export interface AuthenticationOptions {
  resolveToken: (tenantId: string, token: string) => Promise<string | undefined>;
  resolveOrderSession: (
    tenantId: string,
    token: string,
    addressId: string | undefined,
  ) => Promise<OrderSession | undefined>;
}

const BEARER = /^Bearer ([\w-]{16,128})$/;

const unauthorized = () => new AppError(401, 'unauthorized', 'Please sign in again.');

/**
 * Bearer-token authentication (product.md §6). Tokens are opaque; the resolver hashes one and finds
 * its live session in the request's shop, so a token from another shop is no token here.
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: AuthenticationOptions) => {
    const tokenOf = (request: FastifyRequest) =>
      BEARER.exec(request.headers.authorization ?? '')?.[1];

    app.decorateRequest('customerId', '');
    app.decorate('requireCustomer', async (request: FastifyRequest) => {
      const token = tokenOf(request);
      const customerId = token && (await options.resolveToken(request.tenant.id, token));
      if (!customerId) throw unauthorized();
      request.customerId = customerId;
    });
    app.decorate('requireBearer', async (request: FastifyRequest) => {
      if (!tokenOf(request)) throw unauthorized();
    });
    app.decorate(
      'requireOrderCustomer',
      async (request: FastifyRequest, addressId: string | undefined) => {
        const token = tokenOf(request);
        const found =
          token && (await options.resolveOrderSession(request.tenant.id, token, addressId));
        if (!found) throw unauthorized();
        request.customerId = found.customerId;
        return { contact: found.contact, address: found.address };
      },
    );
  },
  { name: 'authentication', dependencies: ['tenant'] },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { DeliveryAddress } from '../modules/addresses/addresses.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by `app.requireCustomer` on customer routes. */
    customerId: string;
  }
  interface FastifyInstance {
    /** preHandler for customer routes: 401 unless a live bearer token of this shop is sent. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest for a route that reads its session later, with `requireCustomerWithAddress`:
     * 401 at once when no bearer token is sent at all.
     */
    requireBearer: (request: FastifyRequest) => Promise<void>;
    /**
     * As `requireCustomer`, reading the customer's address `addressId` in the same round trip
     * when one is given: resolves to it, or to null when it is not theirs.
     */
    requireCustomerWithAddress: (
      request: FastifyRequest,
      addressId: string | undefined,
    ) => Promise<DeliveryAddress | null>;
  }
}

export interface AuthenticationOptions {
  resolveToken: (tenantId: string, token: string) => Promise<string | undefined>;
  resolveTokenWithAddress: (
    tenantId: string,
    token: string,
    addressId: string,
  ) => Promise<{ customerId: string; address: DeliveryAddress | null } | undefined>;
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
      'requireCustomerWithAddress',
      async (request: FastifyRequest, addressId: string | undefined) => {
        if (addressId === undefined) {
          await app.requireCustomer(request);
          return null;
        }
        const token = tokenOf(request);
        const found =
          token && (await options.resolveTokenWithAddress(request.tenant.id, token, addressId));
        if (!found) throw unauthorized();
        request.customerId = found.customerId;
        return found.address;
      },
    );
  },
  { name: 'authentication', dependencies: ['tenant'] },
);

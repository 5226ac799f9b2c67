import { z } from 'zod';
import { ADDRESS_MESSAGES, ZAddressRequest } from '@servery/contract/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { cachedTenant } from '../tenants/cached-tenant.ts';
import { addAddress, changeAddress, getAddresses, removeAddress } from './addresses.service.ts';

const ZParams = z.object({ id: z.string().max(100) });

/** The customer's saved addresses (product.md §7; creation answers 201). */
export const addressesRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const onRequest = app.requireCustomer;
  const ownerOf = (request: { tenant: { id: string }; customerId: string }) => ({
    tenantId: request.tenant.id,
    customerId: request.customerId,
  });

  app.get('/api/customer-addresses', { onRequest }, async (request) => ({
    status: 200,
    message: 'OK',
    data: await getAddresses(db, ownerOf(request)),
  }));

  app.post(
    '/api/customer-addresses',
    { onRequest, schema: { body: ZAddressRequest } },
    async (request, reply) => {
      const tenant = await cachedTenant(app, db, request.tenant.id);
      const data = await addAddress(db, ownerOf(request), request.body, tenant);
      return reply.code(201).send({ status: 201, message: ADDRESS_MESSAGES.created, data });
    },
  );

  app.put(
    '/api/customer-addresses/:id',
    { onRequest, schema: { body: ZAddressRequest, params: ZParams } },
    async (request) => {
      const { id } = request.params;
      const tenant = await cachedTenant(app, db, request.tenant.id);
      const at = { now: now(), tenant };
      const data = await changeAddress(db, ownerOf(request), id, request.body, at);
      return { status: 200, message: ADDRESS_MESSAGES.updated, data };
    },
  );

  app.delete(
    '/api/customer-addresses/:id',
    { onRequest, schema: { params: ZParams } },
    async (request) => {
      await removeAddress(db, ownerOf(request), request.params.id);
      return { status: 200, message: ADDRESS_MESSAGES.deleted, data: null };
    },
  );
};

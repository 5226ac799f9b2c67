import { ZCustomerUpdate } from '@servery/contract/auth';
import { PROFILE_SAVED_MESSAGE } from '@servery/contract/auth-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { getCustomer, referralOf, updateProfile } from './customers.service.ts';

/** The signed-in customer's own profile (product.md §7 "Bearer-authenticated"). */
export const customersRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const onRequest = app.requireCustomer;

  app.get('/api/customer', { onRequest }, async (request) => {
    const data = await getCustomer(db, request.tenant.id, request.customerId);
    return { status: 200, message: 'OK', data };
  });

  app.post('/api/customer', { onRequest, schema: { body: ZCustomerUpdate } }, async (request) => {
    const { tenant, customerId, body } = request;
    const data = await updateProfile(db, tenant.id, customerId, body, now());
    return { status: 200, message: PROFILE_SAVED_MESSAGE, data };
  });

  app.get('/api/customer/referral', { onRequest }, async (request) => {
    const data = await referralOf(db, request.tenant.id, request.customerId);
    return { status: 200, message: 'OK', data };
  });
};

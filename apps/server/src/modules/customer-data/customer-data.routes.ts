import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_DELETED_MESSAGE } from '@servery/contract/personal-data';
import type { Database } from '../../db/client.ts';
import { deleteCustomerAccount, exportCustomerData } from './customer-data.service.ts';

/**
 * The signed-in customer's own data (UK GDPR; issue 17, point 6;
 * docs/decisions/0021-personal-data.md): a copy of everything, and deleting the account.
 */
export const customerDataRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const onRequest = app.requireCustomer;

  app.get('/api/customer/export', { onRequest }, async (request) => {
    const data = await exportCustomerData(db, request.tenant, request.customerId, now());
    return { status: 200, message: 'Your data.', data };
  });

  app.delete('/api/customer', { onRequest }, async (request) => {
    await deleteCustomerAccount(db, request.tenant.id, request.customerId, now());
    return { status: 200, message: ACCOUNT_DELETED_MESSAGE, data: null };
  });
};

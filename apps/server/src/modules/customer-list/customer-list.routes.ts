import { z } from 'zod';
import { ZCustomerListQuery } from '@servery/contract/back-office';
import { roleCan } from '@servery/contract/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { CustomerListService } from './customer-list.service.ts';

const ZCustomerParams = z.object({ id: z.uuid({ message: 'Not a valid customer id' }) });

/** The customer list (issue 29 point 5). Its CSV export is the owner's, and audited. */
export const customerListRoutes: FastifyPluginAsyncZod<{ customers: CustomerListService }> = async (
  app,
  { customers },
) => {
  app.get(
    '/api/admin/customers',
    {
      schema: {
        querystring: ZCustomerListQuery,
        description: 'With format=csv, every matching customer as CSV (owners only; audited).',
      },
      onRequest: app.requireStaff('customers:read'),
    },
    async (request, reply) => {
      const staff = staffOf(request);
      if (request.query.format === 'csv') {
        if (!roleCan(staff.role, 'customers:export')) {
          throw new AppError(403, 'forbidden', 'Only an owner can export customers.');
        }
        const csv = await customers.exportCsv(staff, auditActorOf(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customers.csv"')
          .send(csv);
      }
      return {
        status: 200,
        message: 'Customers.',
        data: await customers.list(staff, request.query),
      };
    },
  );

  app.get(
    '/api/admin/customers/:id',
    { schema: { params: ZCustomerParams }, onRequest: app.requireStaff('customers:read') },
    async (request) => ({
      status: 200,
      message: 'Customer.',
      data: await customers.detail(staffOf(request), request.params.id),
    }),
  );
};

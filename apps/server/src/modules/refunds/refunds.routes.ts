import { z } from 'zod';
import { ZRefundRequest } from '@servery/contract/back-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { BackOfficeShopOf } from '../tenants/back-office-shop.ts';
import type { RefundService } from './refunds.service.ts';

const ZOrderParams = z.object({ id: z.uuid({ message: 'Not a valid order id' }) });

/** Refunds from an order's detail (issue 29 point 4): owners and managers, in their stores. */
export const refundsRoutes: FastifyPluginAsyncZod<{
  refunds: RefundService;
  shopOf: BackOfficeShopOf;
}> = async (app, { refunds, shopOf }) => {
  app.post(
    '/api/admin/orders/:id/refunds',
    {
      schema: { params: ZOrderParams, body: ZRefundRequest },
      onRequest: app.requireStaff('orders:refund'),
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { refund, created } = await refunds.refund({
        staff: staffOf(request),
        actor: auditActorOf(request),
        shop: await shopOf(request),
        orderId: request.params.id,
        body: request.body,
        key: typeof key === 'string' ? key : undefined,
      });
      void reply.code(201);
      return {
        status: 201,
        message: created ? 'Refund made.' : 'This refund was already made.',
        data: refund,
      };
    },
  );
};

import { z } from 'zod';
import { ZOrderHistoryQuery } from '@servery/contract/back-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import type { BackOfficeShopOf } from '../tenants/back-office-shop.ts';
import type { OrderHistoryService } from './order-history.service.ts';

const ZOrderParams = z.object({ id: z.uuid({ message: 'Not a valid order id' }) });

/** The desk's list and the order history (issue 29 point 3), and an order's whole detail. */
export const orderHistoryRoutes: FastifyPluginAsyncZod<{
  history: OrderHistoryService;
  shopOf: BackOfficeShopOf;
}> = async (app, { history, shopOf }) => {
  app.get(
    '/api/admin/orders',
    { schema: { querystring: ZOrderHistoryQuery }, onRequest: app.requireStaff('orders:run') },
    async (request) => ({
      status: 200,
      message: 'Orders.',
      data: await history.list(staffOf(request), (await shopOf(request)).timeZone, request.query),
    }),
  );

  app.get(
    '/api/admin/orders/:id',
    { schema: { params: ZOrderParams }, onRequest: app.requireStaff('orders:run') },
    async (request) => ({
      status: 200,
      message: 'Order.',
      data: await history.detail(staffOf(request), request.params.id),
    }),
  );
};

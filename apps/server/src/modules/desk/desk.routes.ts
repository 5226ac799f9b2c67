import { z } from 'zod';
import { ZOrderMoveUndo, ZOrderStatusChange, ZPrintQuery } from '@servery/contract/desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { staffShopLoader } from '../staff/staff-shop.ts';
import type { TicketPrinter } from './desk-print.ts';
import { rideMinutesOf, type DeskService, type DeskShop } from './desk.service.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import type { DeskUndo } from './desk-undo.ts';

const ZOrderParams = z.object({ id: z.uuid({ message: 'Not a valid order id' }) });

/** The order desk (issue 14): what the kitchen sees and decides, for the stores it works in. */
export const deskRoutes: FastifyPluginAsyncZod<{
  desk: DeskService;
  undo: DeskUndo;
  printer: TicketPrinter;
  shops: ReturnType<typeof staffShopLoader>;
  /** The shop's cached document: a delivery's ride is its stores' (DeskShop.rideMinutes). */
  tenantOf: (tenantId: string) => Promise<Tenant>;
}> = async (app, { desk, undo, printer, shops, tenantOf }) => {
  const shopOf = async (request: Parameters<typeof shops.shopOf>[0]): Promise<DeskShop> => {
    const { tenantId, name, timeZone } = await shops.shopOf(request);
    const { stores } = await tenantOf(tenantId);
    const hosts = await shops.hostsOf(request);
    return { tenantId, name, timeZone, hosts, rideMinutes: rideMinutesOf(stores) };
  };

  // The list and an order's detail are the order history's (modules/order-history).
  app.post(
    '/api/admin/orders/:id/status',
    {
      schema: { params: ZOrderParams, body: ZOrderStatusChange },
      // The order comes with the session, in one round trip (decision 55).
      onRequest: app.requireStaff('orders:run', { withOrder: true }),
    },
    async (request) => {
      const data = await desk.change(
        staffOf(request),
        auditActorOf(request),
        await shopOf(request),
        request.params.id,
        request.body,
        request.staffOrder,
      );
      return {
        status: 200,
        message: `Order #${data.number} is ${data.status.replace(/_/g, ' ')}.`,
        data,
      };
    },
  );

  // A stray tap taken back (decision 65): the last forward move, within MOVE_UNDO_SECONDS.
  app.post(
    '/api/admin/orders/:id/undo-move',
    {
      schema: {
        params: ZOrderParams,
        body: ZOrderMoveUndo,
        description:
          'Takes back the order’s last move (started, ready, out for delivery, completed) within 2 minutes of it: back to the status before it, audited, on every board. `at` names the move by its moment in the order’s history. 409 when the order moved on since (or a completed order was refunded, or the move was made again since `at`), 422 after the window. The same person’s undo of a move they already undid (its answer lost) answers the order as it is, changing nothing.',
      },
      onRequest: app.requireStaff('orders:run', { withOrder: true }),
    },
    async (request) => {
      const data = await undo.undoMove(
        staffOf(request),
        auditActorOf(request),
        (await shopOf(request)).rideMinutes,
        request.params.id,
        request.body,
        request.staffOrder,
      );
      return {
        status: 200,
        message: `Order #${data.number} is back to ${data.status.replace(/_/g, ' ')}.`,
        data,
      };
    },
  );

  app.post(
    '/api/admin/orders/:id/print',
    {
      schema: { params: ZOrderParams, querystring: ZPrintQuery },
      onRequest: app.requireStaff('orders:run'),
    },
    async (request) => {
      const data = await printer.print(
        staffOf(request),
        auditActorOf(request),
        await shopOf(request),
        request.params.id,
        request.query.unless_printed === 'true',
      );
      return {
        status: 200,
        message: `${data.reprint ? 'Reprint' : 'Ticket'} of order #${data.order.number}.`,
        data,
      };
    },
  );
};

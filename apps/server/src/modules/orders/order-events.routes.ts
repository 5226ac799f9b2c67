import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findOwnedOrder } from './orders.repository.ts';
import { resumeFrom } from '../live-events/event-stream.ts';
import type { LiveEventsHub } from '../live-events/live-events.hub.ts';
import {
  allPages,
  lastEventId,
  orderEventsPage,
  type LiveEventRow,
} from '../live-events/live-events.repository.ts';
import { openLiveStream } from '../live-events/live-stream-opening.ts';

const ZOrderEventsQuery = z.object({
  /** For a first connection that already knows where it was (a reconnect sends the header). */
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/** What the customer's page is told: that its order changed, never the shop's other news. */
function frame(event: LiveEventRow): string {
  const data = {
    id: event.id,
    kind: event.kind,
    order_id: event.entityId,
    at: event.createdAt.toISOString(),
  };
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/orders/:id/events: the customer's order page follows the kitchen live (issue 20,
 * point 4). The signed-in customer's own order in their own shop, else 404; every move of the
 * desk (accepted, delayed, ready, declined...), every change of its payment (paid, charged,
 * refunded, the hold lapsed...) and the order's placing send one frame, through the
 * process's hub (docs/decisions/0016), so it works across processes and after the database
 * comes back. The page refetches the order on each frame and after each reconnect.
 */
export const orderEventsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  hub: LiveEventsHub;
}> = async (app, { db, hub }) => {
  app.get(
    '/api/orders/:id/events',
    {
      onRequest: app.requireCustomer,
      schema: { params: z.object({ id: z.string().max(100) }), querystring: ZOrderEventsQuery },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const orderId = request.params.id;
      const owner = { tenantId, customerId: request.customerId };
      const own = isUuid(orderId) ? await findOwnedOrder(db, owner, orderId) : undefined;
      if (!own) throw notFound('We could not find that order.');
      await openLiveStream(hub, request, reply, {
        scope: { tenantId, storeIds: [], orderId },
        from: resumeFrom(request, request.query.last_event_id),
        missed: (afterId) =>
          allPages((after) => orderEventsPage(db, tenantId, orderId, after), afterId),
        newest: () => lastEventId(db, tenantId),
        frame,
      });
    },
  );
};

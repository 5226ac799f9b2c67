import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { staffOf } from '../../plugins/staff-session.ts';
import type { LiveEventsHub, LiveStream } from './live-events.hub.ts';
import { eventsAfter, lastEventId, type LiveEventRow } from './live-events.repository.ts';
import { openEventStream, resumeFrom } from './event-stream.ts';

const ZEventsQuery = z.object({
  /** For a first connection that already knows where it was (EventSource sends the header). */
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/** One Server-Sent Event: its id is the event's, so a reconnecting browser replays from it. */
function frame(event: LiveEventRow): string {
  const data = {
    id: event.id,
    kind: event.kind,
    entity_id: event.entityId,
    store_id: event.storeId,
    at: event.createdAt.toISOString(),
  };
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/admin/events: the staff application's live stream (issue 14). A short writer of our
 * own rather than a plugin (docs/decisions/0016): the stream only needs headers, a replay from
 * the table, frames and a heartbeat, and it must hand each board to the process's one hub.
 */
export const liveEventsRoutes: FastifyPluginAsyncZod<{ db: Database; hub: LiveEventsHub }> = async (
  app,
  { db, hub },
) => {
  app.get(
    '/api/admin/events',
    { schema: { querystring: ZEventsQuery }, onRequest: app.requireStaff() },
    async (request, reply) => {
      const staff = staffOf(request);
      const from = resumeFrom(request, request.query.last_event_id);
      const sees = (event: LiveEventRow) =>
        !event.storeId || staff.storeIds.includes(event.storeId);
      const missed =
        from !== undefined ? (await eventsAfter(db, staff.tenantId, from)).filter(sees) : [];
      const startId = from !== undefined ? from : await lastEventId(db, staff.tenantId);
      // Written before the board is told it is ready: from then on its stores count as
      // watched, so an order arriving now raises no "nobody is watching" alarm.
      await hub.markSeen([staff]);
      const out = openEventStream(request, reply);
      const stream: LiveStream = {
        tenantId: staff.tenantId,
        storeIds: staff.storeIds,
        lastId: startId,
        send: (event) => out.write(frame(event)),
      };
      for (const event of missed) {
        stream.lastId = event.id;
        out.write(frame(event));
      }
      if (from === undefined) out.write(`id: ${startId}\nevent: ready\ndata: {}\n\n`);
      out.onClose(hub.add(stream));
    },
  );
};

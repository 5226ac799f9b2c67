import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffOf } from '../../plugins/staff-session.ts';
import type { LiveEventsHub } from './live-events.hub.ts';
import {
  allPages,
  isStaffAccessKind,
  lastEventId,
  shopEventsPage,
  type LiveEventRow,
} from './live-events.repository.ts';
import { resumeFrom } from './event-stream.ts';
import { openLiveStream } from './live-stream-opening.ts';

const ZEventsQuery = z.object({
  /** For a first connection that already knows where it was (EventSource sends the header). */
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/** Open streams one session may hold on a process (issue 27: one cookie opened 1,000). */
export const MAX_STREAMS_PER_SESSION = 10;

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
 * the table, frames and a heartbeat, and it must hand each board to the process's one hub. It
 * follows its session (decision 31): sign-out, removal, a new role or stores end it.
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
      const sessionId = staff.sessionId ?? '';
      if (hub.streamsOfSession(sessionId) >= MAX_STREAMS_PER_SESSION) {
        throw new AppError(
          429,
          'too_many_streams',
          `This session already has ${MAX_STREAMS_PER_SESSION} live streams open. Close another tab or window of the staff application, then reload this one.`,
        );
      }
      const sees = (event: LiveEventRow) =>
        !isStaffAccessKind(event.kind) &&
        (!event.storeId || staff.storeIds.includes(event.storeId));
      await openLiveStream(hub, request, reply, {
        scope: {
          tenantId: staff.tenantId,
          storeIds: staff.storeIds,
          staffId: staff.id,
          sessionId,
        },
        from: resumeFrom(request, request.query.last_event_id),
        missed: async (afterId) =>
          (await allPages((after) => shopEventsPage(db, staff.tenantId, after), afterId)).filter(
            sees,
          ),
        newest: () => lastEventId(db, staff.tenantId),
        // Written before the board is told it is ready: from then on its stores count as
        // watched, so an order arriving now raises no "nobody is watching" alarm.
        beforeReady: () => hub.markSeen([staff]),
        frame,
      });
    },
  );
};

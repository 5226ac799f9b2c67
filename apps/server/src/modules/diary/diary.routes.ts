import { z } from 'zod';
import {
  ZBookingChange,
  ZBookingStatusChange,
  ZBookingUndo,
  ZCloseoutRequest,
  ZDiaryQuery,
  ZStaffBookingRequest,
  MOVE_UNDO_MINUTES,
} from '@servery/contract/diary';
import type { BookingStatus } from '@servery/contract/reservation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { staffShopLoader } from '../staff/staff-shop.ts';
import { ukDate } from '../reservations/booking-message.ts';
import type { DiaryService } from './diary.service.ts';

/** How the front of house says where a booking stands. */
const STATUS_WORDS: Record<BookingStatus, string> = {
  requested: 'a request',
  confirmed: 'booked',
  arrived: 'arrived',
  seated: 'seated',
  completed: 'left',
  no_show: 'a no-show',
  cancelled: 'cancelled',
  declined: 'declined',
};

const ZBookingParams = z.object({ id: z.uuid({ message: 'Not a valid booking id' }) });
const ZCloseoutParams = z.object({ id: z.uuid({ message: 'Not a valid close-out id' }) });

/** The bookings diary (issue 16): the front of house's day, for the store that takes bookings. */
export const diaryRoutes: FastifyPluginAsyncZod<{
  diary: DiaryService;
  shops: ReturnType<typeof staffShopLoader>;
}> = async (app, { diary, shops }) => {
  const callerOf = async (request: FastifyRequest) => ({
    staff: staffOf(request),
    actor: auditActorOf(request),
    // Links in the guest's e-mails: the shop's own host, never the request's Host header.
    origin: (await shops.shopOf(request)).origin,
  });

  app.get(
    '/api/admin/bookings',
    { schema: { querystring: ZDiaryQuery }, onRequest: app.requireStaff('bookings:run') },
    async (request) => ({
      status: 200,
      message: 'Bookings.',
      data: await diary.day(staffOf(request), request.query.date),
    }),
  );

  app.post(
    '/api/admin/bookings',
    { schema: { body: ZStaffBookingRequest }, onRequest: app.requireStaff('bookings:run') },
    async (request) => {
      const data = await diary.create(await callerOf(request), request.body);
      return {
        status: 200,
        message:
          data.source === 'walk_in'
            ? `${data.name}, ${data.covers} ${data.covers === 1 ? 'person' : 'people'}, seated.`
            : `${data.name} is booked for ${data.covers} at ${data.time}.`,
        data,
      };
    },
  );

  app.patch(
    '/api/admin/bookings/:id',
    {
      schema: {
        params: ZBookingParams,
        body: ZBookingChange,
        description:
          "Changes a booked (confirmed) party's date, time or size in place: today or later, one of the day's times, the new slot's room checked as for a phone booking (409 when full; over_capacity for a manager). The guest is e-mailed the booking as it now stands. 409 for a booking in another status or changed meanwhile; 422 when nothing would change.",
      },
      onRequest: app.requireStaff('bookings:run'),
    },
    async (request) => {
      const data = await diary.changeBooking(
        await callerOf(request),
        request.params.id,
        request.body,
      );
      const people = data.covers === 1 ? 'person' : 'people';
      return {
        status: 200,
        message: `${data.name}: now ${data.covers} ${people} on ${ukDate(data.date)} at ${data.time}.`,
        data,
      };
    },
  );

  app.post(
    '/api/admin/bookings/:id/status',
    {
      schema: { params: ZBookingParams, body: ZBookingStatusChange },
      onRequest: app.requireStaff('bookings:run'),
    },
    async (request) => {
      const data = await diary.change(await callerOf(request), request.params.id, request.body);
      return { status: 200, message: `${data.name}: ${data.status.replace(/_/g, ' ')}.`, data };
    },
  );

  app.post(
    '/api/admin/bookings/:id/undo-no-show',
    { schema: { params: ZBookingParams }, onRequest: app.requireStaff('bookings:run') },
    async (request) => {
      const data = await diary.undoNoShow(await callerOf(request), request.params.id);
      return { status: 200, message: `${data.name}: the no-show is undone, booked again.`, data };
    },
  );

  app.post(
    '/api/admin/bookings/:id/undo',
    {
      schema: {
        params: ZBookingParams,
        body: ZBookingUndo,
        description: `Takes back the diary's last one-tap move (arrived, seated, completed) within ${MOVE_UNDO_MINUTES} minutes, to the status before it; \`status\` names the move being undone and \`at\` its moment (the booking's \`moved_at\`) (409 when the booking is no longer in it or was moved there again since, 422 after the window). The same person's undo of a move they already undid (its answer lost) answers the booking as it is, changing nothing. A no-show is undone as by undo-no-show.`,
      },
      onRequest: app.requireStaff('bookings:run'),
    },
    async (request) => {
      const data = await diary.undoMove(await callerOf(request), request.params.id, request.body);
      // A walk-in added by mistake goes back to nothing (decision 67).
      const message =
        data.status === 'cancelled'
          ? `${data.name}: the walk-in is taken off the diary.`
          : `${data.name}: back to ${STATUS_WORDS[data.status]}.`;
      return { status: 200, message, data };
    },
  );

  app.post(
    '/api/admin/closeouts',
    { schema: { body: ZCloseoutRequest }, onRequest: app.requireStaff('service:run') },
    async (request) => {
      const data = await diary.addCloseout(await callerOf(request), request.body);
      // This process answers from the new rows at once; NOTIFY clears the others'.
      app.tenantCache.forget(staffOf(request).tenantId);
      return { status: 200, message: `Closed to online bookings: ${data.label}.`, data };
    },
  );

  app.delete(
    '/api/admin/closeouts/:id',
    { schema: { params: ZCloseoutParams }, onRequest: app.requireStaff('service:run') },
    async (request) => {
      const data = await diary.removeCloseout(await callerOf(request), request.params.id);
      app.tenantCache.forget(staffOf(request).tenantId);
      return { status: 200, message: `Open to online bookings again: ${data.label}.`, data };
    },
  );
};

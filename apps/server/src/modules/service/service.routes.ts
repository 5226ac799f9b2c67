import { z } from 'zod';
import {
  ZAvailabilityRequest,
  ZBusyRequest,
  ZHoursRequest,
  ZPauseRequest,
  ZShopPatch,
  ZSpecialDaysRequest,
} from '@servery/contract/service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { staffShopLoader } from '../staff/staff-shop.ts';
import type { AvailabilityService } from './availability.service.ts';
import type { StoreControls } from './store-controls.service.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
/** An option is named by its slug: one switch for every dish that offers it. */
const ZOptionParams = z.object({ id: z.string().min(1).max(100) });

/** Service controls (issue 15, docs/decisions/0018): what a manager changes during service. */
export const serviceRoutes: FastifyPluginAsyncZod<{
  availability: AvailabilityService;
  controls: StoreControls;
  shops: ReturnType<typeof staffShopLoader>;
}> = async (app, { availability, controls, shops }) => {
  const sold = (state: string | false) => (state ? `sold out ${state}` : 'available');
  // Every change clears this process's copy of the shop at once; NOTIFY clears the others'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });

  app.get('/api/admin/stores', { onRequest: app.requireStaff() }, async (request) => ({
    status: 200,
    message: 'Stores.',
    data: await controls.list(staffOf(request)),
  }));

  app.get(
    '/api/admin/stores/:id/menu',
    { schema: { params: ZIdParams }, onRequest: app.requireStaff('menu:availability') },
    async (request) => ({
      status: 200,
      message: 'Menu.',
      data: await availability.storeMenu(staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/admin/items/:id/availability',
    {
      schema: { params: ZIdParams, body: ZAvailabilityRequest },
      onRequest: app.requireStaff('menu:availability'),
    },
    async (request) => {
      const data = await availability.setItemAvailability(
        staffOf(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      );
      return { status: 200, message: `${data.name} is ${sold(data.sold_out)}.`, data };
    },
  );

  app.post(
    '/api/admin/options/:id/availability',
    {
      schema: { params: ZOptionParams, body: ZAvailabilityRequest },
      onRequest: app.requireStaff('menu:availability'),
    },
    async (request) => {
      const data = await availability.setOptionAvailability(
        staffOf(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      );
      return { status: 200, message: `The option is ${sold(data.sold_out)}.`, data };
    },
  );

  app.post(
    '/api/admin/stores/:id/pause',
    {
      schema: { params: ZIdParams, body: ZPauseRequest },
      onRequest: app.requireStaff('service:run'),
    },
    async (request) => {
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await controls.pause(...args, request.body);
      return { status: 200, message: `${data.name} is paused.`, data };
    },
  );

  app.delete(
    '/api/admin/stores/:id/pause',
    { schema: { params: ZIdParams }, onRequest: app.requireStaff('service:run') },
    async (request) => {
      const data = await controls.resume(
        staffOf(request),
        auditActorOf(request),
        request.params.id,
      );
      return { status: 200, message: `${data.name} is taking orders again.`, data };
    },
  );

  app.post(
    '/api/admin/stores/:id/busy',
    {
      schema: { params: ZIdParams, body: ZBusyRequest },
      onRequest: app.requireStaff('service:run'),
    },
    async (request) => {
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await controls.busy(...args, request.body);
      const minutes = data.busy_extra_minutes;
      const message = minutes ? `Times are ${minutes} minutes later.` : 'Busy mode is off.';
      return { status: 200, message, data };
    },
  );

  app.put(
    '/api/admin/stores/:id/hours',
    {
      schema: { params: ZIdParams, body: ZHoursRequest },
      onRequest: app.requireStaff('service:run'),
    },
    async (request) => {
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await controls.hours(...args, request.body);
      return { status: 200, message: 'Opening hours saved.', data };
    },
  );

  app.put(
    '/api/admin/stores/:id/special-days',
    {
      schema: { params: ZIdParams, body: ZSpecialDaysRequest },
      onRequest: app.requireStaff('service:run'),
    },
    async (request) => {
      const { timeZone } = await shops.shopOf(request);
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await controls.specialDays(...args, request.body, timeZone);
      return { status: 200, message: 'Special days saved.', data };
    },
  );

  app.get('/api/admin/shop', { onRequest: app.requireStaff('shop:edit') }, async (request) => ({
    status: 200,
    message: 'Shop.',
    data: await controls.shop(staffOf(request)),
  }));

  app.patch(
    '/api/admin/shop',
    { schema: { body: ZShopPatch }, onRequest: app.requireStaff('shop:edit') },
    async (request) => {
      const data = await controls.patchShop(staffOf(request), auditActorOf(request), request.body);
      return { status: 200, message: 'Shop settings saved.', data };
    },
  );
};

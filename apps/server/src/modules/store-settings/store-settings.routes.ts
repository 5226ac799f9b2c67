import { z } from 'zod';
import { ZAutomationPatch, ZZonePreviewQuery, ZZonesPut } from '@servery/contract/shop-editor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { StoreSettings } from './store-settings.service.ts';
import { answerStaleSaves, etagOf, versionOfSave } from './versions.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/**
 * A store's delivery zones, and its capacity and automation (issue 28, points 6 and 7): owners
 * and managers (`shop:edit`), in their own stores.
 */
export const storeSettingsRoutes: FastifyPluginAsyncZod<{ settings: StoreSettings }> = async (
  app,
  { settings },
) => {
  answerStaleSaves(app);
  // A change clears this process's copy of the shop at once; NOTIFY clears the others'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });
  const onRequest = app.requireStaff('shop:edit');

  app.get(
    '/api/admin/stores/:id/zones',
    { schema: { params: ZIdParams }, onRequest },
    async (request, reply) => {
      const data = await settings.zones(staffOf(request), request.params.id);
      void reply.header('etag', etagOf(data.version));
      return { status: 200, message: `${data.store_name}'s delivery zones.`, data };
    },
  );

  app.put(
    '/api/admin/stores/:id/zones',
    { schema: { params: ZIdParams, body: ZZonesPut }, onRequest },
    async (request, reply) => {
      const version = versionOfSave(request, request.body.version);
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await settings.putZones(...args, request.body, version);
      void reply.header('etag', etagOf(data.version));
      return { status: 200, message: `${data.store_name}'s delivery zones are saved.`, data };
    },
  );

  app.get(
    '/api/admin/stores/:id/zones/preview',
    { schema: { params: ZIdParams, querystring: ZZonePreviewQuery }, onRequest },
    async (request) => {
      const data = await settings.preview(
        staffOf(request),
        request.params.id,
        request.query.postcode,
      );
      const message = data.delivers
        ? `${data.postcode} gets delivery (zone ${data.area}).`
        : `${data.postcode} does not get delivery from this store.`;
      return { status: 200, message, data };
    },
  );

  // The desk (any role that runs it) reads which of its stores print on accept.
  app.get(
    '/api/admin/auto-print',
    { onRequest: app.requireStaff('orders:run') },
    async (request) => ({
      status: 200,
      message: 'Stores that print on accept.',
      data: { store_ids: await settings.autoPrintStores(staffOf(request)) },
    }),
  );

  app.get(
    '/api/admin/stores/:id/automation',
    { schema: { params: ZIdParams }, onRequest },
    async (request, reply) => {
      const data = await settings.automation(staffOf(request), request.params.id);
      void reply.header('etag', etagOf(data.version));
      return { status: 200, message: `${data.store_name}'s capacity and automation.`, data };
    },
  );

  app.patch(
    '/api/admin/stores/:id/automation',
    { schema: { params: ZIdParams, body: ZAutomationPatch }, onRequest },
    async (request, reply) => {
      const version = versionOfSave(request, request.body.version);
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await settings.patchAutomation(...args, request.body, version);
      void reply.header('etag', etagOf(data.version));
      return {
        status: 200,
        message: `${data.store_name}'s capacity and automation are saved.`,
        data,
      };
    },
  );
};

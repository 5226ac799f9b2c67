import { z } from 'zod';
import { ZPromoCreate, ZPromoPatch } from '@servery/contract/shop-editor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import { answerStaleSaves, etagOf, versionOfSave } from '../store-settings/versions.ts';
import type { PromoEditor } from './promo-editor.service.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/** The promotions editor (issue 28, point 5): owners and managers (`shop:edit`). */
export const promoEditorRoutes: FastifyPluginAsyncZod<{ promos: PromoEditor }> = async (
  app,
  { promos },
) => {
  answerStaleSaves(app);
  // A change clears this process's copy of the shop at once; NOTIFY clears the others'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });

  app.get('/api/admin/promos', { onRequest: app.requireStaff('shop:edit') }, async (request) => ({
    status: 200,
    message: 'Promo codes.',
    data: await promos.list(staffOf(request)),
  }));

  app.post(
    '/api/admin/promos',
    { schema: { body: ZPromoCreate }, onRequest: app.requireStaff('shop:edit') },
    async (request, reply) => {
      const data = await promos.create(staffOf(request), auditActorOf(request), request.body);
      void reply.header('etag', etagOf(data.version));
      return reply.code(201).send({ status: 201, message: `${data.code} is saved.`, data });
    },
  );

  app.patch(
    '/api/admin/promos/:id',
    {
      schema: { params: ZIdParams, body: ZPromoPatch },
      onRequest: app.requireStaff('shop:edit'),
    },
    async (request, reply) => {
      const version = versionOfSave(request, request.body.version);
      const data = await promos.patch(
        staffOf(request),
        auditActorOf(request),
        request.params.id,
        request.body,
        version,
      );
      void reply.header('etag', etagOf(data.version));
      const message = data.state === 'ended' ? `${data.code} has ended.` : `${data.code} is saved.`;
      return { status: 200, message, data };
    },
  );
};

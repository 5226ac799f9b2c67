import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCategoryCreate,
  ZCategoryEdit,
  ZEditMenuQuery,
  ZItemCreate,
  ZItemEdit,
} from '@servery/contract/menu-editor';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { CategoriesService } from './categories.service.ts';
import { StaleEdit, etagOf } from './item-context.ts';
import type { ItemsService } from './items.service.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const ZIfMatch = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag (version) the edit started from; a stale one answers 409.'),
});

/** A stale save: 409 with the current values and their ETag, so the editor can show them. */
async function orStale<T extends { version: number }>(
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | null> {
  try {
    const data = await work();
    void reply.header('etag', etagOf(data.version));
    return data;
  } catch (error) {
    if (!(error instanceof StaleEdit)) throw error;
    await reply
      .code(409)
      .header('etag', etagOf(error.version))
      .send({ status: 409, message: error.message, data: null, current: error.current });
    return null;
  }
}

/** The menu editor (issue 28, docs/decisions/0035): categories and dishes, with versions. */
export const menuEditorRoutes: FastifyPluginAsyncZod<{
  categories: CategoriesService;
  items: ItemsService;
}> = async (app, { categories, items }) => {
  // Every change clears this process's copy of the shop at once; NOTIFY clears the others'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });
  const edit = app.requireStaff('menu:edit');

  app.get(
    '/api/admin/menu',
    { schema: { querystring: ZEditMenuQuery }, onRequest: edit },
    async (request) => ({
      status: 200,
      message: 'Menu.',
      data: await categories.menu(staffOf(request), request.query.store_id),
    }),
  );

  app.post(
    '/api/admin/categories',
    { schema: { body: ZCategoryCreate }, onRequest: edit },
    async (request, reply) => {
      const data = await categories.create(staffOf(request), auditActorOf(request), request.body);
      void reply.code(201).header('etag', etagOf(data.version));
      return { status: 201, message: `${data.name} is added.`, data };
    },
  );

  app.patch(
    '/api/admin/categories/:id',
    { schema: { params: ZIdParams, body: ZCategoryEdit, headers: ZIfMatch }, onRequest: edit },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await orStale(reply, () => categories.edit(...args, ifMatch, request.body));
      if (!data) return reply;
      return { status: 200, message: `${data.name} is saved.`, data };
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    { schema: { params: ZIdParams, headers: ZIfMatch }, onRequest: edit },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await orStale(reply, () => categories.remove(...args, ifMatch));
      if (!data) return reply;
      return { status: 200, message: `${data.name} is deleted.`, data };
    },
  );

  app.post(
    '/api/admin/items',
    { schema: { body: ZItemCreate }, onRequest: edit },
    async (request, reply) => {
      const data = await items.create(staffOf(request), auditActorOf(request), request.body);
      void reply.code(201).header('etag', etagOf(data.version));
      return { status: 201, message: `${data.name} is added.`, data };
    },
  );

  app.patch(
    '/api/admin/items/:id',
    { schema: { params: ZIdParams, body: ZItemEdit, headers: ZIfMatch }, onRequest: edit },
    async (request, reply) => {
      const ifMatch = request.headers['if-match'];
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await orStale(reply, () => items.edit(...args, ifMatch, request.body));
      if (!data) return reply;
      return { status: 200, message: `${data.name} is saved.`, data };
    },
  );
};

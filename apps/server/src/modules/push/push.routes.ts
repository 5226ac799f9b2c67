import { ZPushSubscriptionBody, ZPushUnsubscribeBody } from '@servery/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import type { PushService } from './push.service.ts';

/**
 * Web Push for staff devices (docs/decisions/0032): the key to subscribe with, and this device's
 * subscription, kept for the signed-in person. Only those who run the desk are pushed to.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get('/api/admin/push-key', { onRequest: app.requireStaff('orders:run') }, async () => ({
    status: 200,
    message: 'The key to subscribe with.',
    data: await push.publicKey(),
  }));

  app.post(
    '/api/admin/push-subscriptions',
    { schema: { body: ZPushSubscriptionBody }, onRequest: app.requireStaff('orders:run') },
    async (request) => ({
      status: 200,
      message: 'This device will be told when an order waits and no order desk is open.',
      data: await push.subscribe(staffOf(request), auditActorOf(request), request.body),
    }),
  );

  app.delete(
    '/api/admin/push-subscriptions',
    { schema: { body: ZPushUnsubscribeBody }, onRequest: app.requireStaff('orders:run') },
    async (request) => {
      await push.unsubscribe(staffOf(request), auditActorOf(request), request.body.endpoint);
      return { status: 200, message: 'This device will no longer be pushed to.', data: null };
    },
  );
};

import { normalizeIP } from '@fastify/rate-limit';
import {
  ZCreateStaffRequest,
  ZStaffCodeRequest,
  ZStaffIdParams,
  ZStaffSignInRequest,
  ZUpdateStaffRequest,
} from '@servery/contract/staff';
import { STAFF_SESSION_IDLE_HOURS } from '@servery/contract/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import { identityOf, type StaffSignIn } from './staff-sign-in.service.ts';
import type { StaffService } from './staff.service.ts';
import type { staffShopLoader } from './staff-shop.ts';

/** Per shop and IP, beside the per-address limits the sign-in service keeps in the database. */
const CODE_RATE_LIMIT = {
  max: 10,
  timeWindow: 10 * 60_000,
  // Decision 7: with Redis down these answer 503, never run unlimited.
  failClosed: true,
  skipOnError: false,
};
const SIGN_IN_RATE_LIMIT = {
  max: 30,
  timeWindow: 10 * 60_000,
  // Decision 7: with Redis down these answer 503, never run unlimited.
  failClosed: true,
  skipOnError: false,
};

export const staffRoutes: FastifyPluginAsyncZod<{
  signIn: StaffSignIn;
  staff: StaffService;
  shops: ReturnType<typeof staffShopLoader>;
}> = async (app, { signIn, staff, shops }) => {
  app.post(
    '/api/admin/session/code',
    { schema: { body: ZStaffCodeRequest }, config: { rateLimit: CODE_RATE_LIMIT } },
    async (request) => {
      // 200 whether or not a new code went out; the message says which (issue 31).
      const message = await signIn.sendCode(
        await shops.shopOf(request),
        request.body.email,
        normalizeIP(request.ip),
      );
      return { status: 200, message, data: null };
    },
  );

  app.post(
    '/api/admin/session',
    { schema: { body: ZStaffSignInRequest }, config: { rateLimit: SIGN_IN_RATE_LIMIT } },
    async (request, reply) => {
      const shop = await shops.shopOf(request);
      const { email, otp } = request.body;
      const session = await signIn.signIn(shop, email, otp, normalizeIP(request.ip));
      const identity = await identityOf(
        session.staff,
        session.expiresAt,
        shops.storeIdsOf(shop.tenantId),
      );
      void reply.header(
        'set-cookie',
        app.staffCookie.set(session.token, STAFF_SESSION_IDLE_HOURS * 3600),
      );
      return {
        status: 200,
        message: `Signed in as ${identity.name}.`,
        data: await signIn.describe(identity, shop),
      };
    },
  );

  app.get('/api/admin/session', { onRequest: app.requireStaff() }, async (request) => {
    const data = await signIn.describe(staffOf(request), await shops.shopOf(request));
    return { status: 200, message: 'Signed in.', data };
  });

  app.delete('/api/admin/session', { onRequest: app.requireStaff() }, async (request, reply) => {
    const token = app.staffCookie.read(request)!;
    await signIn.signOut(request.tenant.id, token);
    void reply.header('set-cookie', app.staffCookie.clear());
    return { status: 200, message: 'Signed out.', data: null };
  });

  app.get('/api/admin/staff', { onRequest: app.requireStaff('staff:manage') }, async (request) => ({
    status: 200,
    message: 'Staff.',
    data: await staff.list(request.tenant.id),
  }));

  app.post(
    '/api/admin/staff',
    { schema: { body: ZCreateStaffRequest }, onRequest: app.requireStaff('staff:manage') },
    async (request) => {
      const actor = { ...auditActorOf(request), actorName: staffOf(request).name };
      const data = await staff.invite(actor, await shops.shopOf(request), request.body);
      return { status: 200, message: `${data.name} has been added and e-mailed.`, data };
    },
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      schema: { params: ZStaffIdParams, body: ZUpdateStaffRequest },
      onRequest: app.requireStaff('staff:manage'),
    },
    async (request) => {
      const data = await staff.update(auditActorOf(request), request.params.id, request.body);
      return { status: 200, message: 'Saved.', data };
    },
  );

  app.delete(
    '/api/admin/staff/:id',
    { schema: { params: ZStaffIdParams }, onRequest: app.requireStaff('staff:manage') },
    async (request) => {
      await staff.remove(auditActorOf(request), request.params.id);
      return { status: 200, message: 'Removed. Their sessions have ended.', data: null };
    },
  );
};

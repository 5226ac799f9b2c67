import { ZRegisterRequest, ZResendOtpRequest, ZVerifyOtpRequest } from '@servery/contract/auth';
import {
  OTP_RESENT_MESSAGE,
  OTP_SENT_MESSAGE,
  OTP_STILL_VALID_MESSAGE,
  SIGNED_IN_MESSAGE,
} from '@servery/contract/auth-rules';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { messagingOf } from '@servery/contract/tenant-document';
import { ownHostOf } from '../tenants/shop-origin.ts';
import { findTenantById, loadTenant } from '../tenants/tenants.repository.ts';
import type { AuthService } from './auth.service.ts';
import type { ShopForCodes } from './sign-in-checks.ts';

/**
 * Per shop and IP, on top of the per-contact limits the service keeps in the database
 * (docs/decisions/0009-sign-in-with-a-code.md): a burst from one address stops here first.
 */
export const SEND_RATE_LIMIT = {
  max: 30,
  timeWindow: 10 * 60_000,
  // Decision 7: with Redis down these answer 503, never run unlimited.
  failClosed: true,
  skipOnError: false,
};
export const VERIFY_RATE_LIMIT = {
  max: 60,
  timeWindow: 10 * 60_000,
  // Decision 7: with Redis down these answer 503, never run unlimited.
  failClosed: true,
  skipOnError: false,
};

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; auth: AuthService }> = async (
  app,
  { db, auth },
) => {
  const shopOf = async (request: FastifyRequest): Promise<ShopForCodes> => {
    const { id } = request.tenant;
    const settings = await app.tenantCache.get(id, 'codes', async () => {
      const row = await findTenantById(db, id);
      if (!row) throw notFound('This shop no longer exists.');
      return {
        name: row.websiteName,
        colour: row.config.colorPalatte,
        timeZone: row.config.timeZone,
        otpLength: row.config.otpLength,
        hosts: (await loadTenant(db, id))?.hosts ?? [],
        ...messagingOf(row.config.messaging),
        alertTo: row.config.supportEmail,
      };
    });
    const { hosts, ...shop } = settings;
    // The SMS's WebOTP line names the page's host: one of the shop's own, never a Host header
    // that merely fell back to this shop.
    return { tenantId: id, host: ownHostOf(hosts, request), ...shop };
  };

  app.post(
    '/api/register',
    { schema: { body: ZRegisterRequest }, config: { rateLimit: SEND_RATE_LIMIT } },
    async (request) => {
      const ip = normalizeIP(request.ip);
      const { data, alreadySent } = await auth.sendCode(
        await shopOf(request),
        request.body,
        ip,
        'register',
      );
      return {
        status: 200,
        message: alreadySent ? OTP_STILL_VALID_MESSAGE : OTP_SENT_MESSAGE,
        data,
      };
    },
  );

  app.post(
    '/api/resend-otp',
    { schema: { body: ZResendOtpRequest }, config: { rateLimit: SEND_RATE_LIMIT } },
    async (request) => {
      const ip = normalizeIP(request.ip);
      const { data } = await auth.sendCode(await shopOf(request), request.body, ip, 'resend');
      return { status: 200, message: OTP_RESENT_MESSAGE, data };
    },
  );

  app.post(
    '/api/verify-otp',
    { schema: { body: ZVerifyOtpRequest }, config: { rateLimit: VERIFY_RATE_LIMIT } },
    async (request) => {
      const { otp, ...contact } = request.body;
      const data = await auth.verifyCode(
        await shopOf(request),
        contact,
        otp,
        normalizeIP(request.ip),
      );
      return { status: 200, message: SIGNED_IN_MESSAGE, data };
    },
  );
};

import { z } from 'zod';
import { DATE_PATTERN, ZBookingRequest } from '@servery/contract/reservation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error.ts';
import { shopOrigin } from '../tenants/shop-origin.ts';
import { cachedTenant } from '../tenants/cached-tenant.ts';
import { bookingByToken, cancelBooking } from './guest-booking.ts';
import { cancelCustomerBooking, customerBookings } from './customer-bookings.ts';
import { book, reservationTimings, type ReservationDeps } from './reservations.service.ts';

/** Per shop and IP (docs/decisions/0007): a person books a few tables, not dozens. */
export const BOOKING_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };
const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;
const ZBookingId = z.object({ id: z.uuid({ message: 'Not a valid booking id' }) });
const ZToken = z.object({ token: z.string().regex(/^[\w-]{43}$/, 'This link is not valid') });

/** Table reservation (product.md §7): open to any visitor. */
export const reservationsRoutes: FastifyPluginAsyncZod<ReservationDeps> = async (app, deps) => {
  const tenantOf = (tenantId: string) => cachedTenant(app, deps.db, tenantId);

  app.get(
    '/api/reservation/timings',
    {
      schema: {
        querystring: z.object({
          date: z.string().regex(DATE_PATTERN, 'Use a date as YYYY-MM-DD').optional(),
        }),
      },
    },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      const data = await reservationTimings(deps, tenant, request.query.date);
      return { status: 200, message: 'OK', data };
    },
  );

  app.post(
    '/api/booking',
    { schema: { body: ZBookingRequest }, config: { rateLimit: BOOKING_RATE_LIMIT } },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, - or _.');
      }
      const tenant = await tenantOf(request.tenant.id);
      // The cancel link goes to the shop's canonical host, whatever Host the request named.
      const origin = shopOrigin(tenant.hosts, request, { production: deps.production ?? false });
      const message = await book(deps, tenant, request.body, origin, key);
      return { status: 200, message, data: null };
    },
  );

  app.get('/api/booking/cancel/:token', { schema: { params: ZToken } }, async (request) => {
    const tenant = await tenantOf(request.tenant.id);
    return {
      status: 200,
      message: 'OK',
      data: await bookingByToken(deps.db, tenant, request.params.token),
    };
  });

  app.post(
    '/api/booking/cancel/:token',
    { schema: { params: ZToken }, config: { rateLimit: BOOKING_RATE_LIMIT } },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      const data = await cancelBooking(deps, tenant, request.params.token);
      return { status: 200, message: 'Your booking is cancelled.', data };
    },
  );

  // The signed-in customer's bookings in their account (walk item 19; decision 85).
  app.get('/api/customer/bookings', { onRequest: app.requireCustomer }, async (request) => {
    const tenant = await tenantOf(request.tenant.id);
    const data = await customerBookings(deps, tenant, request.customerId);
    return { status: 200, message: 'OK', data };
  });

  app.post(
    '/api/customer/bookings/:id/cancel',
    { onRequest: app.requireCustomer, schema: { params: ZBookingId } },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      const data = await cancelCustomerBooking(deps, tenant, request.customerId, request.params.id);
      return { status: 200, message: 'Your booking is cancelled.', data };
    },
  );
};

import { z } from 'zod';
import {
  ZDemoCardRequest,
  ZOrderRequest,
  ZPaymentStatusRequest,
  ZTimingsQuery,
  type TimingsQuery,
} from '@servery/contract/order';
import { normalisePostcode } from '@servery/contract/postcode';
import { cardPaidMessage } from '@servery/contract/settlement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';
import { cachedTenant, cachedTenantCatalogue } from '../tenants/cached-tenant.ts';
import {
  confirmDemoPayment,
  getOrder,
  getOrderPage,
  refreshPaymentStatus,
  type PaymentDeps,
} from './orders.service.ts';
import { vatSupplierOf } from './vat-invoice.ts';
import { placeOrder, type SessionRead } from './place-order.ts';
import { timedFor } from '../stores/delivery-check.ts';
import { availableTimings } from '../stores/timings.ts';
import { withoutFullSlots } from './steps/slot-cap.ts';
import type { MessageLinks } from './order-message.ts';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** A delivery's postcode, when the checkout names one (400 when it is not a UK postcode). */
function deliveryPostcodeOf(query: TimingsQuery): string | null {
  if (query.order_type !== 'delivery' || !query.postcode) return null;
  const postcode = normalisePostcode(query.postcode);
  const message = 'Enter a full UK postcode, such as E1 6RL.';
  if (!postcode) throw badRequest(message, { postcode: message });
  return postcode;
}

export interface OrdersRoutesOptions {
  db: Database;
  now: () => Date;
  card: CardProvider | null;
  onMessageQueued: (nudgeAutoAccept?: boolean) => void;
  /** Links in the customer's messages point at the shop's canonical host. */
  links: MessageLinks;
}

/** Checkout and orders (product.md §7): every route is the signed-in customer's own. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const onRequest = app.requireCustomer;
  const tenantOf = (tenantId: string) => cachedTenant(app, db, tenantId);
  const deps: PaymentDeps = { ...options, tenantOf };
  const ownerOf = (request: FastifyRequest) => ({
    tenantId: request.tenant.id,
    customerId: request.customerId,
  });

  app.get(
    '/api/available-timings',
    { onRequest, schema: { querystring: ZTimingsQuery } },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      const found = tenant.stores.find((s) => s.id === request.query.store_id);
      if (!found) throw notFound('We could not find that store.');
      const store = timedFor(found, deliveryPostcodeOf(request.query));
      const at = now();
      const offered = availableTimings(
        { ...store, hours: tenant.hours.filter((h) => h.storeId === store.id) },
        request.query.order_type,
        at,
        tenant.row.config.timeZone,
        tenant.row.config.IsShopClosed === 1,
      );
      // A store with a slot cap (issue 28) offers only the quarter hours that have room.
      const data = await withoutFullSlots(db, store, offered, at);
      return { status: 200, message: 'OK', data };
    },
  );

  // The customer's contact and the delivery address an order names, read with its session
  // (decisions 11 and 55).
  const sessionReads = new WeakMap<FastifyRequest, SessionRead>();
  const readSession = async (request: FastifyRequest) => {
    // The body is parsed but not yet validated: a stale token still answers 401 before a 400.
    const body = request.body as { order_type?: unknown; address_id?: unknown } | null;
    const addressId =
      body?.order_type === 'delivery' && typeof body.address_id === 'string'
        ? body.address_id
        : undefined;
    const read = await app.requireOrderCustomer(request, addressId);
    sessionReads.set(request, { ...read, addressId });
  };

  app.post(
    '/api/order',
    {
      onRequest: app.requireBearer,
      preValidation: readSession,
      schema: { body: ZOrderRequest },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
        throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, - or _.');
      }
      const shop = await cachedTenantCatalogue(app, db, request.tenant.id);
      const data = await placeOrder(
        options,
        shop,
        ownerOf(request),
        request.body,
        key,
        sessionReads.get(request)!,
      );
      const message =
        data.payment.provider === 'cash' ? 'Your order is placed.' : 'Your order is ready to pay.';
      return { status: 200, message, data };
    },
  );

  app.put(
    '/api/order/payment/status',
    { onRequest, schema: { body: ZPaymentStatusRequest } },
    async (request) => {
      const data = await refreshPaymentStatus(deps, ownerOf(request), request.body.order_id);
      return { status: 200, message: 'OK', data };
    },
  );

  app.post(
    '/api/payments/demo/:id/confirm',
    {
      onRequest,
      schema: { params: z.object({ id: z.string().max(100) }), body: ZDemoCardRequest },
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { order, declined } = await confirmDemoPayment(
        deps,
        ownerOf(request),
        request.params.id,
        request.body,
      );
      if (declined) throw new AppError(422, 'payment_declined', declined);
      const message =
        order.payment.status === 'requires_action'
          ? 'Your bank asks you to confirm this payment.'
          : cardPaidMessage(order.payment.status);
      return { status: 200, message, data: order };
    },
  );

  app.get(
    '/api/orders',
    {
      onRequest,
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1, 'page must be 1 or more').max(10_000).default(1),
        }),
      },
    },
    async (request) => ({
      status: 200,
      message: 'OK',
      data: await getOrderPage(db, ownerOf(request), request.query.page),
    }),
  );

  app.get(
    '/api/orders/:id',
    { onRequest, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request) => {
      const tenant = await tenantOf(request.tenant.id);
      return {
        status: 200,
        message: 'OK',
        data: await getOrder(
          db,
          ownerOf(request),
          request.params.id,
          vatSupplierOf(tenant.row),
          options.card?.publishableKey,
        ),
      };
    },
  );
};

import { z } from 'zod';
import { ZSaveCardRequest, ZSavedCardPayment } from '@servery/contract/saved-cards';
import { cardPaidMessage } from '@servery/contract/settlement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { cachedTenant } from '../tenants/cached-tenant.ts';
import type { OrdersRoutesOptions } from '../orders/orders.routes.ts';
import type { PaymentDeps } from '../orders/orders.service.ts';
import {
  chooseToSaveCard,
  getSavedCards,
  payWithSavedCard,
  removeSavedCard,
} from './saved-cards.service.ts';

/**
 * Saved cards (issue 30, point 11; docs/decisions/0040): the signed-in customer's own cards in
 * this shop, kept at the payment provider. Every route is the customer's own.
 */
export const savedCardsRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  options,
) => {
  const onRequest = app.requireCustomer;
  const deps: PaymentDeps = {
    ...options,
    tenantOf: (tenantId) => cachedTenant(app, options.db, tenantId),
  };
  const ownerOf = (request: FastifyRequest) => ({
    tenantId: request.tenant.id,
    customerId: request.customerId,
  });

  app.get('/api/payment-methods', { onRequest }, async (request) => ({
    status: 200,
    message: 'OK',
    data: await getSavedCards(deps, ownerOf(request)),
  }));

  app.delete(
    '/api/payment-methods/:id',
    { onRequest, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request) => {
      await removeSavedCard(deps, ownerOf(request), request.params.id);
      return { status: 200, message: 'Your card is removed.', data: null };
    },
  );

  app.put(
    '/api/order/payment/save-card',
    { onRequest, schema: { body: ZSaveCardRequest } },
    async (request) => {
      const { order_id: orderId, save } = request.body;
      await chooseToSaveCard(deps, ownerOf(request), orderId, save);
      const message = save
        ? 'Your card will be saved once it has paid.'
        : 'Your card will not be saved.';
      return { status: 200, message, data: null };
    },
  );

  app.post(
    '/api/order/payment/saved-card',
    {
      onRequest,
      schema: { body: ZSavedCardPayment },
      config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
    },
    async (request) => {
      const { order_id: orderId, payment_method_id: cardId } = request.body;
      const { order, declined } = await payWithSavedCard(deps, ownerOf(request), orderId, cardId);
      if (declined) throw new AppError(422, 'payment_declined', declined);
      const message =
        order.payment.status === 'requires_action'
          ? 'Your bank asks you to confirm this payment.'
          : cardPaidMessage(order.payment.status);
      return { status: 200, message, data: order };
    },
  );
};

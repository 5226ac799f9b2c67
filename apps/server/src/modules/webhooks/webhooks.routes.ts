import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../lib/app-error.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';
import { recordProviderRefunds } from '../refunds/provider-refunds.ts';
import { handleProviderEvent, type PaymentDeps } from '../orders/orders.service.ts';

/**
 * POST /api/webhooks/stripe (architecture.md): Stripe's word on a payment. The signature is checked
 * on the raw body, so this plugin reads JSON as bytes (only here: it is encapsulated).
 */
export const webhooksRoutes: FastifyPluginAsync<{
  card: CardProvider;
  deps: PaymentDeps;
}> = async (app, { card, deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/webhooks/stripe', async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('A Stripe-Signature header and a JSON body are required.');
    }
    let event;
    try {
      event = card.verifyWebhook(request.body, signature);
    } catch (error) {
      request.log.warn({ err: error }, 'stripe webhook refused');
      throw badRequest('The webhook signature is not valid or is too old.');
    }
    await handleProviderEvent(deps, event);
    // Refunds made in the Stripe dashboard count in the reports too (decision 39).
    await recordProviderRefunds(deps, event);
    return { status: 200, message: 'Received', data: null };
  });
};

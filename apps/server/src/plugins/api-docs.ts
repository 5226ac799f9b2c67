import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the contract's schemas on every route: as JSON at
 * GET /api/openapi.json and as an interactive reference at GET /api/docs (served from this
 * server, no CDN).
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Servery API',
        version: '1',
        description:
          "Every answer is { status, message, data? }; errors add errors: { field: message }. product.md §7 names the calls. POST /api/webhooks/stripe takes Stripe's signed payment_intent.* events (Stripe-Signature header) when Stripe keys are set, and answers 404 otherwise.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: true,
  });
}

import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { isStorefrontPath } from '@servery/contract/constants';
import { renderShopPage } from './modules/tenants/tenant-page.ts';
import {
  TENANT_CHANGED_CHANNEL,
  loadTenantAggregate,
} from './modules/tenants/tenants.repository.ts';
import { shopConfigOf } from './modules/tenants/tenants.service.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppOptions {
  database: DatabaseHandle;
  /** Slug of the tenant that answers hosts no tenant claims; none means such hosts get 404. */
  defaultTenant?: string;
  production?: boolean;
  /** The built web app (apps/web/dist). */
  webDistDir: string;
  /** Redis for counters shared by every server process (rate limits); unset, each counts alone. */
  redisUrl?: string;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The whole HTTP application, without listening: main.ts listens, tests inject. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per answer (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One line per answer, with what an operator needs to find it again.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  const { database } = options;
  // Cross-cutting plugins first, in this order; then the modules.
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { production: options.production ?? false });
  await app.register(tenantPlugin, {
    db: database.db,
    defaultTenant: options.defaultTenant,
    listen: database.listen,
    channel: TENANT_CHANGED_CHANNEL,
  });
  await app.register(rateLimitPlugin, { redisUrl: options.redisUrl });
  await app.register(webAppPlugin, {
    distDir: options.webDistDir,
    renderPage: async (request, indexHtml) => {
      const { id, variant } = request.tenant;
      const page = await app.tenantCache.get(id, `page:${variant}`, async () => {
        const agg = await loadTenantAggregate(database.db, id);
        if (!agg) return { html: indexHtml, brands: [] };
        return {
          html: renderShopPage(indexHtml, shopConfigOf(agg, variant)),
          brands: agg.brands.map((b) => b.slug),
        };
      });
      return { body: page.html, found: isStorefrontPath(request.url, page.brands) };
    },
  });

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(tenantsRoutes, { db: database.db });
  await app.register(homeRoutes, { db: database.db });
  await app.register(newsletterRoutes, { db: database.db });
  await app.register(contactRoutes, { db: database.db });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

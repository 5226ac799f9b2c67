import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from '../lib/answer-check.ts';
import { logAnswer, originForm, pathOf, requestIdOf } from '../lib/requests.ts';
import { createCustomerSessions } from '../modules/auth/customer-sessions.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { LiveEventsHub } from '../modules/live-events/live-events.hub.ts';
import { createOutbox } from '../modules/outbox/outbox-wiring.ts';
import { createPushSender } from '../modules/push/push-sender.ts';
import { vapidKeysLoader } from '../modules/push/vapid-keys.ts';
import { staffShopLoader } from '../modules/staff/staff-shop.ts';
import { createStaffSignIn } from '../modules/staff/staff-sign-in.service.ts';
import { TENANT_CHANGED_CHANNEL } from '../modules/tenants/tenants.repository.ts';
import { apiContractPlugin } from '../plugins/api-contract.ts';
import { registerApiDocs } from '../plugins/api-docs.ts';
import { authenticationPlugin } from '../plugins/authentication.ts';
import { compressionPlugin } from '../plugins/compression.ts';
import { controlCharactersPlugin } from '../plugins/control-characters.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { FrontDoor, frontDoorPlugin, serverWithFrontDoor } from '../plugins/front-door.ts';
import { rateLimitPlugin } from '../plugins/rate-limit.ts';
import { securityHeadersPlugin } from '../plugins/security-headers.ts';
import { shopPageRenderer } from '../plugins/shop-page.ts';
import { staffSessionPlugin } from '../plugins/staff-session.ts';
import { tenantPlugin } from '../plugins/tenant.ts';
import { webAppPlugin } from '../plugins/web-app.ts';
import { findLiveSessionWithDeskOrder } from '../modules/desk/desk.repository.ts';
import type { AppOptions } from './options.ts';
import type { Shared } from './shared.ts';

/**
 * The infrastructure area: what every request meets before a module answers it (the error
 * envelope, input checks, headers, the shop from the Host, the front door, rate limits, the
 * contract, the web app, the sessions), and what runs under every module: the outbox with Web
 * Push, the live events hub, health. Registered first, in this order. It registers no route
 * under /api/admin: those are the staff area's (staff.ts), which gets the VAPID keys and the
 * hub from here.
 */

/** Fastify with the contract's compilers and one log line per answer; nothing registered. */
export function createFastify(options: AppOptions, frontDoor: FrontDoor) {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per answer (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // Long path parameters reach validation (a 400 in the envelope), not Fastify's own 414.
    routerOptions: { maxParamLength: 1000 },
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers),
    rewriteUrl: (req) => originForm(req.url!),
    serverFactory: serverWithFrontDoor(frontDoor),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    answerSerializerCompiler(options.answerCheck ?? 'every', () => app.log),
  );

  app.addHook('onResponse', (request, reply, done) => {
    logAnswer(request.log, {
      method: request.method,
      url: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    });
    done();
  });
  return app;
}

export async function registerInfrastructure(
  app: FastifyInstance,
  options: AppOptions,
  shared: Shared & { frontDoor: FrontDoor },
) {
  await registerRequestPlugins(app, options, shared);
  const { wakeOutbox, vapidKeys } = startMessages(app, options, shared);
  const staff = await registerSessions(app, shared, wakeOutbox);
  await app.register(healthRoutes, { ping: options.database.ping });
  const hub = await startLiveEvents(app, options, shared);
  return { wakeOutbox, vapidKeys, hub, ...staff };
}

/** The cross-cutting plugins, in this order: each relies on those before it. */
async function registerRequestPlugins(
  app: FastifyInstance,
  options: AppOptions,
  { db, production, now, textsAvailable, frontDoor }: Shared & { frontDoor: FrontDoor },
) {
  await app.register(errorHandlerPlugin);
  await app.register(controlCharactersPlugin);
  await app.register(securityHeadersPlugin, { production, stripe: Boolean(options.stripe) });
  await app.register(compressionPlugin);
  await app.register(tenantPlugin, {
    db,
    defaultTenant: options.defaultTenant,
    listen: options.database.listen,
    channel: TENANT_CHANGED_CHANNEL,
  });
  await app.register(frontDoorPlugin, { door: frontDoor, now });
  await app.register(rateLimitPlugin, { redisUrl: options.redisUrl });
  await app.register(apiContractPlugin);
  await registerApiDocs(app);
  await app.register(webAppPlugin, {
    distDir: options.webDistDir,
    renderPage: shopPageRenderer({ app, db, textsAvailable, now }),
  });
}

/**
 * The outbox, which delivers e-mail, texts and Web Push to staff devices (docs/decisions/0032)
 * where this process delivers: started when the app is ready, stopped when it closes.
 */
function startMessages(
  app: FastifyInstance,
  options: AppOptions,
  { db, now, textsAvailable, deliver }: Shared,
) {
  const messages = options.messages ?? {};
  const vapidKeys = vapidKeysLoader(db, {
    ...options.vapid,
    subject: options.vapid?.subject ?? `mailto:${messages.mailFrom ?? 'no-reply@servery.local'}`,
  });
  const pushSender = createPushSender(db, vapidKeys);
  // Made (or read) at start, so every process has the pair before a browser asks for it.
  app.addHook('onReady', async () => {
    await vapidKeys().catch((error: unknown) =>
      app.log.warn({ err: error }, 'push: the VAPID keys could not be read yet'),
    );
  });
  const outbox = createOutbox(app, db, messages, textsAvailable, now, pushSender);
  if (deliver) {
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  }
  const wakeOutbox = () => {
    if (deliver) outbox.wake();
  };
  return { wakeOutbox, vapidKeys };
}

/**
 * Who is asking: the customer's bearer token (the storefront) and the staff application's
 * cookie on /api/admin (docs/decisions/0014). Before every route, as the staff session checks
 * the origin of each /api/admin route as it is registered.
 */
async function registerSessions(app: FastifyInstance, shared: Shared, wakeOutbox: () => void) {
  const { db, now, production, secretKey } = shared;
  const customers = createCustomerSessions({ db, now });
  await app.register(authenticationPlugin, {
    resolveToken: customers.customerIdForToken,
    resolveOrderSession: customers.orderSessionForToken,
  });
  const staffShops = staffShopLoader(app, db, production);
  const staffSignIn = createStaffSignIn({ db, secretKey, now, onMessageQueued: wakeOutbox });
  await app.register(staffSessionPlugin, {
    production,
    // A desk move's order is read with its session (decision 55).
    resolveSession: (tenantId, token, orderId) =>
      staffSignIn.resolveSession(
        tenantId,
        token,
        staffShops.storeIdsOf(tenantId),
        orderId ? (key) => findLiveSessionWithDeskOrder(db, key, orderId) : undefined,
      ),
  });
  return { staffShops, staffSignIn };
}

/**
 * The live events hub (decision 16), which the order page's stream (storefront) and the staff
 * application's (staff area) are served from. Listening starts with the app, as the shop
 * cache's does: a database that cannot be listened to stops the start, not the first request.
 */
async function startLiveEvents(app: FastifyInstance, options: AppOptions, shared: Shared) {
  const hub = new LiveEventsHub(options.database, shared.now, app.log);
  await hub.start();
  app.addHook('onClose', async () => hub.stop());
  // Open streams would hold the server's close open: they end first, quietly (issue 27).
  app.addHook('preClose', async () => hub.endStreams());
  return hub;
}

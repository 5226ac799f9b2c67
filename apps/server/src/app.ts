import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { customerDataRoutes } from './modules/customer-data/customer-data.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { savedCardsRoutes } from './modules/saved-cards/saved-cards.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { promosRoutes } from './modules/promos/promos.routes.ts';
import { createStripeProvider, type StripeOptions } from './providers/payments/stripe.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import type { TwilioOptions } from './providers/sms/twilio.ts';
import { createOutbox } from './modules/outbox/outbox-wiring.ts';
import { createPushSender } from './modules/push/push-sender.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createPushService } from './modules/push/push.service.ts';
import { vapidKeysLoader, type VapidSettings } from './modules/push/vapid-keys.ts';
import { cachedTenant } from './modules/tenants/cached-tenant.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { shopPageRenderer } from './plugins/shop-page.ts';
import { TENANT_CHANGED_CHANNEL } from './modules/tenants/tenants.repository.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { apiContractPlugin } from './plugins/api-contract.ts';
import { controlCharactersPlugin } from './plugins/control-characters.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { FrontDoor, frontDoorPlugin, serverWithFrontDoor } from './plugins/front-door.ts';
import { logAnswer, originForm, pathOf, requestIdOf } from './lib/requests.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { staffSessionPlugin } from './plugins/staff-session.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { deskRoutes } from './modules/desk/desk.routes.ts';
import { registerBackOffice } from './back-office.ts';
import { DeskSweeper } from './modules/desk/desk-sweeper.ts';
import { diaryRoutes } from './modules/diary/diary.routes.ts';
import { createDiaryService } from './modules/diary/diary.service.ts';
import { LiveEventsHub } from './modules/live-events/live-events.hub.ts';
import { liveEventsRoutes } from './modules/live-events/live-events.routes.ts';
import { orderEventsRoutes } from './modules/orders/order-events.routes.ts';
import { createDeskService } from './modules/desk/desk.service.ts';
import { createTicketPrinter } from './modules/desk/desk-print.ts';
import { createStaffSignIn } from './modules/staff/staff-sign-in.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffShopLoader } from './modules/staff/staff-shop.ts';
import { createAvailabilityService } from './modules/service/availability.service.ts';
import { serviceRoutes } from './modules/service/service.routes.ts';
import { createStoreControls } from './modules/service/store-controls.service.ts';
import { promoEditorRoutes } from './modules/promo-editor/promo-editor.routes.ts';
import { createPromoEditor } from './modules/promo-editor/promo-editor.service.ts';
import { AutoAccept, deskShopOf } from './modules/store-settings/auto-accept.ts';
import { storeSettingsRoutes } from './modules/store-settings/store-settings.routes.ts';
import { createStoreSettings } from './modules/store-settings/store-settings.service.ts';
import { createCategoriesService } from './modules/menu-editor/categories.service.ts';
import { createItemsService } from './modules/menu-editor/items.service.ts';
import { menuEditorRoutes } from './modules/menu-editor/menu-editor.routes.ts';
import { photosRoutes } from './modules/menu-editor/photos/photos.routes.ts';
import { createPhotosService } from './modules/menu-editor/photos/photos.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rejects orders nobody answered in time (every process runs one; tests sweep by hand). */
    deskSweeper: DeskSweeper;
    autoAccept: AutoAccept;
  }
}

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
  /** Which proxies to believe about the client's address (env TRUST_PROXY). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The clock codes, sessions and limits are measured by (tests move it forward). */
  now?: () => Date;
  /** Key for the keyed hashes of sign-in codes; a random one per process when unset. */
  secretKey?: string;
  /** Outgoing messages; with no SMTP or Twilio, each message is written to the log. */
  messages?: {
    smtpUrl?: string;
    mailFrom?: string;
    twilio?: TwilioOptions;
    /** false: messages stay in the outbox (tests read them there). Default true. */
    deliver?: boolean;
  };
  /** Card payments through Stripe; without it the demo (test-mode) card form takes them. */
  stripe?: StripeOptions;
  /** This server's port, for links in messages sent without a request outside production. */
  publicPort?: number;
  /** false: every request goes through the framework (env FRONT_DOOR=off, decision 0029). */
  frontDoor?: boolean;
  /** Web Push's VAPID keys (env.ts); without keys, a pair kept in the database. */
  vapid?: Partial<VapidSettings>;
}

/** The whole HTTP application, without listening: main.ts listens, tests inject. */
export async function buildApp(options: AppOptions) {
  // The busiest reads are replayed before the framework (docs/decisions/0029).
  const frontDoor = new FrontDoor(options.frontDoor ?? true);
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
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onResponse', (request, reply, done) => {
    logAnswer(request.log, {
      method: request.method,
      url: pathOf(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    });
    done();
  });

  const { database } = options;
  const messages = options.messages ?? {};
  // Production without Twilio sends no texts at all (decision 0020); development logs them.
  const textsAvailable = Boolean(messages.twilio) || !options.production;
  // Cross-cutting plugins first, in this order; then the modules.
  await app.register(errorHandlerPlugin);
  await app.register(controlCharactersPlugin);
  await app.register(securityHeadersPlugin, {
    production: options.production ?? false,
    stripe: Boolean(options.stripe),
  });
  await app.register(tenantPlugin, {
    db: database.db,
    defaultTenant: options.defaultTenant,
    listen: database.listen,
    channel: TENANT_CHANGED_CHANNEL,
  });
  const now = options.now ?? (() => new Date());
  await app.register(frontDoorPlugin, { door: frontDoor, now });
  await app.register(rateLimitPlugin, { redisUrl: options.redisUrl });
  await app.register(apiContractPlugin);
  await registerApiDocs(app);
  await app.register(webAppPlugin, {
    distDir: options.webDistDir,
    renderPage: shopPageRenderer({ app, db: database.db, textsAvailable, now }),
  });

  // Web Push to staff devices, sent by the outbox beside the e-mail (docs/decisions/0032).
  const vapidKeys = vapidKeysLoader(database.db, {
    ...options.vapid,
    subject: options.vapid?.subject ?? `mailto:${messages.mailFrom ?? 'no-reply@servery.local'}`,
  });
  const pushSender = createPushSender(database.db, vapidKeys);
  // Made (or read) at start, so every process has the pair before a browser asks for it.
  app.addHook('onReady', async () => {
    await vapidKeys().catch((error: unknown) =>
      app.log.warn({ err: error }, 'push: the VAPID keys could not be read yet'),
    );
  });
  const outbox = createOutbox(app, database.db, messages, textsAvailable, now, pushSender);
  const deliver = messages.deliver ?? true;
  if (deliver) {
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  }
  const secretKey = options.secretKey ? Buffer.from(options.secretKey) : randomBytes(32);
  const auth = createAuthService({
    db: database.db,
    secretKey,
    now,
    textsAvailable,
    onMessageQueued: () => {
      if (deliver) outbox.wake();
    },
  });
  await app.register(authenticationPlugin, {
    resolveToken: auth.customerIdForToken,
    resolveTokenWithAddress: auth.customerAndAddressForToken,
  });

  // The staff application (docs/decisions/0014): cookie sessions on /api/admin.
  const staffShops = staffShopLoader(app, database.db, options.production ?? false);
  const staffSignIn = createStaffSignIn({
    db: database.db,
    secretKey,
    now,
    onMessageQueued: () => {
      if (deliver) outbox.wake();
    },
  });
  await app.register(staffSessionPlugin, {
    production: options.production ?? false,
    resolveSession: (tenantId, token) =>
      staffSignIn.resolveSession(tenantId, token, staffShops.storeIdsOf(tenantId)),
  });

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(tenantsRoutes, { db: database.db, textsAvailable });
  await app.register(homeRoutes, { db: database.db });
  await app.register(newsletterRoutes, { db: database.db, now });
  await app.register(contactRoutes, { db: database.db });
  await app.register(authRoutes, { db: database.db, auth });
  await app.register(customersRoutes, { db: database.db, now });
  await app.register(customerDataRoutes, { db: database.db, now });
  await app.register(menuRoutes, { db: database.db, now });
  await app.register(storesRoutes, { db: database.db, now });
  await app.register(addressesRoutes, { db: database.db, now });
  await app.register(promosRoutes, { db: database.db, now });
  const card = options.stripe ? createStripeProvider(options.stripe) : null;
  // Auto-accept (issue 28) is made with the desk below; an order placed nudges it.
  const later: { autoAccept?: AutoAccept } = {};
  const onMessageQueued = () => {
    if (deliver) outbox.wake();
    later.autoAccept?.nudge();
  };
  const links = {
    production: options.production ?? false,
    ...(options.publicPort ? { port: options.publicPort } : {}),
  };
  await app.register(ordersRoutes, { db: database.db, now, card, onMessageQueued, links });
  await app.register(savedCardsRoutes, { db: database.db, now, card, onMessageQueued, links });
  await app.register(reservationsRoutes, {
    db: database.db,
    now,
    onMessageQueued,
    production: options.production ?? false,
  });
  await app.register(staffRoutes, {
    signIn: staffSignIn,
    staff: createStaffService({ db: database.db, now, onMessageQueued }),
    shops: staffShops,
  });
  await app.register(auditRoutes, { db: database.db });
  await app.register(pushRoutes, {
    push: createPushService({
      db: database.db,
      vapidKeys,
      production: options.production ?? false,
    }),
  });
  await app.register(serviceRoutes, {
    availability: createAvailabilityService({ db: database.db, now }),
    controls: createStoreControls({ db: database.db, now }),
    shops: staffShops,
  });
  await app.register(menuEditorRoutes, {
    categories: createCategoriesService({ db: database.db, now }),
    items: createItemsService({ db: database.db, now }),
  });
  await app.register(photosRoutes, {
    db: database.db,
    photos: createPhotosService({ db: database.db, now }),
  });
  // Listening starts with the app, as the shop cache's does: a database that cannot be listened
  // to stops the start, not the first request.
  const hub = new LiveEventsHub(database, now, app.log);
  await hub.start();
  app.addHook('onClose', async () => hub.stop());
  // Open streams would hold the server's close open: they end first, quietly (issue 27).
  app.addHook('preClose', async () => hub.endStreams());
  await app.register(liveEventsRoutes, { db: database.db, hub });
  await app.register(orderEventsRoutes, { db: database.db, hub });
  // Background work (the outbox above, this sweeper) runs where messages are delivered.
  const deskSweeper = new DeskSweeper(database.db, now, app.log, onMessageQueued, card, links);
  app.decorate('deskSweeper', deskSweeper);
  if (deliver) {
    app.addHook('onReady', async () => deskSweeper.start());
    app.addHook('onClose', async () => deskSweeper.stop());
  }
  // The shop's whole document, cached until it changes (for background work and staff calls).
  const tenantOf = (tenantId: string) => cachedTenant(app, database.db, tenantId);
  await app.register(diaryRoutes, {
    diary: createDiaryService({
      db: database.db,
      now,
      onMessageQueued,
      tenantOf,
    }),
    shops: staffShops,
  });
  const desk = createDeskService({
    db: database.db,
    now,
    onMessageQueued,
    card,
    log: app.log,
    links,
  });
  const autoAccept = new AutoAccept(database.db, desk, deskShopOf(tenantOf), app.log);
  later.autoAccept = autoAccept;
  app.decorate('autoAccept', autoAccept);
  if (deliver) app.addHook('onReady', async () => autoAccept.start());
  app.addHook('onClose', async () => autoAccept.stop());
  await app.register(deskRoutes, {
    desk,
    printer: createTicketPrinter({ db: database.db, now }),
    shops: staffShops,
  });
  // The promotions, zones and capacity editors (issue 28).
  await app.register(promoEditorRoutes, { promos: createPromoEditor({ db: database.db, now }) });
  await app.register(storeSettingsRoutes, { settings: createStoreSettings({ db: database.db }) });
  await registerBackOffice(app, { db: database.db, now, card, onMessageQueued, links });
  if (card) {
    await app.register(webhooksRoutes, {
      card,
      deps: {
        db: database.db,
        now,
        card,
        onMessageQueued,
        tenantOf,
        links,
      },
    });
  } else {
    // Documented either way: without Stripe keys the webhook says so instead of a bare 404.
    app.post('/api/webhooks/stripe', async (_request, reply) =>
      reply.code(404).send({
        status: 404,
        message: 'Card payments through Stripe are not set up on this server.',
        data: null,
      }),
    );
  }

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

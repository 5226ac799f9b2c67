import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { createTicketPrinter } from '../modules/desk/desk-print.ts';
import { DeskSweeper } from '../modules/desk/desk-sweeper.ts';
import { deskRoutes } from '../modules/desk/desk.routes.ts';
import { createDeskService } from '../modules/desk/desk.service.ts';
import { createDeskUndo } from '../modules/desk/desk-undo.ts';
import { diaryRoutes } from '../modules/diary/diary.routes.ts';
import { createDiaryService } from '../modules/diary/diary.service.ts';
import { liveEventsRoutes } from '../modules/live-events/live-events.routes.ts';
import { createCategoriesService } from '../modules/menu-editor/categories.service.ts';
import { createItemsService } from '../modules/menu-editor/items.service.ts';
import { menuEditorRoutes } from '../modules/menu-editor/menu-editor.routes.ts';
import { photosRoutes } from '../modules/menu-editor/photos/photos.routes.ts';
import { createPhotosService } from '../modules/menu-editor/photos/photos.service.ts';
import { newsletterSubscribersRoutes } from '../modules/newsletter/newsletter.routes.ts';
import { promoEditorRoutes } from '../modules/promo-editor/promo-editor.routes.ts';
import { createPromoEditor } from '../modules/promo-editor/promo-editor.service.ts';
import { pushRoutes } from '../modules/push/push.routes.ts';
import { createPushService } from '../modules/push/push.service.ts';
import type { LoadVapidKeys } from '../modules/push/vapid-keys.ts';
import { createAvailabilityService } from '../modules/service/availability.service.ts';
import { serviceRoutes } from '../modules/service/service.routes.ts';
import { createStoreControls } from '../modules/service/store-controls.service.ts';
import type { staffShopLoader } from '../modules/staff/staff-shop.ts';
import type { StaffSignIn } from '../modules/staff/staff-sign-in.service.ts';
import { shopIdentityRoutes } from '../modules/shop-identity/shop-identity.routes.ts';
import { createShopIdentity } from '../modules/shop-identity/shop-identity.service.ts';
import { staffRoutes } from '../modules/staff/staff.routes.ts';
import { createStaffService } from '../modules/staff/staff.service.ts';
import { AutoAccept, deskShopOf } from '../modules/store-settings/auto-accept.ts';
import { storeSettingsRoutes } from '../modules/store-settings/store-settings.routes.ts';
import { createStoreSettings } from '../modules/store-settings/store-settings.service.ts';
import { webhooksRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { registerBackOffice } from './back-office.ts';
import type { AreaDeps } from './shared.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rejects orders nobody answered in time (every process runs one; tests sweep by hand). */
    deskSweeper: DeskSweeper;
    autoAccept: AutoAccept;
  }
}

export interface StaffAreaDeps extends AreaDeps {
  /** Made with the staff session (infrastructure.ts), which resolves its cookies. */
  staffSignIn: StaffSignIn;
  staffShops: ReturnType<typeof staffShopLoader>;
  /** Made with the outbox (infrastructure.ts), which sends Web Push with them. */
  vapidKeys: LoadVapidKeys;
}

/**
 * The staff area: the staff application's calls under /api/admin, all of them. Accounts and
 * the audit trail, the live stream and Web Push subscriptions, service controls, the menu
 * editor and photos, the bookings diary, the order desk with its sweeper and auto-accept, the
 * promotions and store settings editors, the newsletter's subscribers and the back office; and
 * Stripe's webhook, which settles what the desk and the customers started. Answers
 * auto-accept, which an order placed in the storefront nudges.
 */
export async function registerStaff(app: FastifyInstance, deps: StaffAreaDeps) {
  const { db, now, onMessageQueued, staffShops: shops } = deps;
  await app.register(staffRoutes, {
    signIn: deps.staffSignIn,
    staff: createStaffService({ db, now, onMessageQueued }),
    shops,
  });
  await app.register(auditRoutes, { db });
  // The staff application's live stream (decision 16), from the hub the infrastructure started.
  await app.register(liveEventsRoutes, { db, hub: deps.hub });
  await app.register(pushRoutes, {
    push: createPushService({ db, vapidKeys: deps.vapidKeys, production: deps.production }),
  });
  await app.register(serviceRoutes, {
    availability: createAvailabilityService({ db, now }),
    controls: createStoreControls({ db, now }),
    shops,
  });
  await app.register(menuEditorRoutes, {
    categories: createCategoriesService({ db, now }),
    items: createItemsService({ db, now }),
  });
  await app.register(photosRoutes, { db, photos: createPhotosService({ db, now }) });
  startDeskSweeper(app, deps);
  await app.register(diaryRoutes, {
    diary: createDiaryService({ db, now, onMessageQueued, tenantOf: deps.tenantOf }),
    shops,
  });
  const autoAccept = await registerDesk(app, deps);
  // The promotions, zones and capacity editors (issue 28).
  await app.register(promoEditorRoutes, { promos: createPromoEditor({ db, now }) });
  await app.register(storeSettingsRoutes, { settings: createStoreSettings({ db }) });
  // The Shop editor: name, colours, logos, contacts, stores' addresses (walk item 10).
  await app.register(shopIdentityRoutes, { identity: createShopIdentity({ db }) });
  await app.register(newsletterSubscribersRoutes, { db });
  const { card, links } = deps;
  await registerBackOffice(app, { db, now, card, onMessageQueued, links, tenantOf: deps.tenantOf });
  await registerWebhooks(app, deps);
  return autoAccept;
}

/** Background work (the outbox's, this sweeper) runs where messages are delivered. */
function startDeskSweeper(app: FastifyInstance, deps: AreaDeps) {
  const { db, now, onMessageQueued, card, links } = deps;
  const deskSweeper = new DeskSweeper(db, now, app.log, onMessageQueued, card, links);
  app.decorate('deskSweeper', deskSweeper);
  if (deps.deliver) {
    app.addHook('onReady', async () => deskSweeper.start());
    app.addHook('onClose', async () => deskSweeper.stop());
  }
}

/** The order desk and auto-accept (issue 28), which moves orders through the desk's own move. */
async function registerDesk(app: FastifyInstance, deps: StaffAreaDeps) {
  const { db, now, card, links } = deps;
  // A move of the desk never places an order, so it wakes the outbox without nudging
  // auto-accept (decision 47): auto-accept's own moves no longer nudge the next sweep either.
  const desk = createDeskService({
    db,
    now,
    onMessageQueued: deps.wakeOutbox,
    card,
    log: app.log,
    links,
  });
  const autoAccept = new AutoAccept(db, desk, deskShopOf(deps.tenantOf), app.log);
  app.decorate('autoAccept', autoAccept);
  if (deps.deliver) app.addHook('onReady', async () => autoAccept.start());
  app.addHook('onClose', async () => autoAccept.stop());
  await app.register(deskRoutes, {
    desk,
    undo: createDeskUndo({ db, now }),
    printer: createTicketPrinter({ db, now }),
    shops: deps.staffShops,
    tenantOf: deps.tenantOf,
  });
  return autoAccept;
}

/** Stripe's word on payments and refunds; without Stripe keys the webhook says so. */
async function registerWebhooks(app: FastifyInstance, deps: AreaDeps) {
  const { db, now, card, onMessageQueued, tenantOf, links } = deps;
  if (card) {
    await app.register(webhooksRoutes, {
      card,
      deps: { db, now, card, onMessageQueued, tenantOf, links },
    });
    return;
  }
  // Documented either way: without Stripe keys the webhook says so instead of a bare 404.
  app.post('/api/webhooks/stripe', async (_request, reply) =>
    reply.code(404).send({
      status: 404,
      message: 'Card payments through Stripe are not set up on this server.',
      data: null,
    }),
  );
}

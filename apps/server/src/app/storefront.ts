import type { FastifyInstance } from 'fastify';
import { addressesRoutes } from '../modules/addresses/addresses.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { contactRoutes } from '../modules/contact/contact.routes.ts';
import { customerDataRoutes } from '../modules/customer-data/customer-data.routes.ts';
import { customersRoutes } from '../modules/customers/customers.routes.ts';
import { homeRoutes } from '../modules/home/home.routes.ts';
import { menuRoutes } from '../modules/menu/menu.routes.ts';
import { newsletterRoutes } from '../modules/newsletter/newsletter.routes.ts';
import { orderEventsRoutes } from '../modules/orders/order-events.routes.ts';
import { ordersRoutes } from '../modules/orders/orders.routes.ts';
import { promosRoutes } from '../modules/promos/promos.routes.ts';
import { reservationsRoutes } from '../modules/reservations/reservations.routes.ts';
import { savedCardsRoutes } from '../modules/saved-cards/saved-cards.routes.ts';
import { storesRoutes } from '../modules/stores/stores.routes.ts';
import { tenantsRoutes } from '../modules/tenants/tenants.routes.ts';
import type { AreaDeps } from './shared.ts';

/**
 * The storefront area: what a shop's customers use. The shop's configuration and home page,
 * the newsletter and contact form, signing in with a code, the profile and its data, menus
 * and stores, addresses, promos, placing and paying for orders (with saved cards) and the
 * order page's live stream, and table bookings.
 */
export async function registerStorefront(app: FastifyInstance, deps: AreaDeps) {
  const { db, now, card, links, onMessageQueued } = deps;
  await app.register(tenantsRoutes, { db, textsAvailable: deps.textsAvailable });
  await app.register(homeRoutes, { db, now });
  await app.register(newsletterRoutes, { db, now });
  await app.register(contactRoutes, { db });
  const auth = createAuthService({
    db,
    secretKey: deps.secretKey,
    now,
    textsAvailable: deps.textsAvailable,
    onMessageQueued: deps.wakeOutbox,
  });
  await app.register(authRoutes, { db, auth });
  await app.register(customersRoutes, { db, now });
  await app.register(customerDataRoutes, { db, now });
  await app.register(menuRoutes, { db, now });
  await app.register(storesRoutes, { db, now });
  await app.register(addressesRoutes, { db, now });
  await app.register(promosRoutes, { db, now });
  await app.register(ordersRoutes, { db, now, card, onMessageQueued, links });
  await app.register(savedCardsRoutes, { db, now, card, onMessageQueued, links });
  await app.register(reservationsRoutes, {
    db,
    now,
    onMessageQueued,
    production: deps.production,
  });
  await app.register(orderEventsRoutes, { db, hub: deps.hub });
}

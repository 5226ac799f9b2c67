import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { CardProvider } from '../providers/payments/payment-provider.ts';
import type { MessageLinks } from '../modules/orders/order-message.ts';
import type { Tenant } from '../modules/tenants/tenants.repository.ts';
import { customerListRoutes } from '../modules/customer-list/customer-list.routes.ts';
import { createCustomerListService } from '../modules/customer-list/customer-list.service.ts';
import { reportsRoutes } from '../modules/reports/reports.routes.ts';
import { createReportsService } from '../modules/reports/reports.service.ts';
import { refundsRoutes } from '../modules/refunds/refunds.routes.ts';
import { createRefundService } from '../modules/refunds/refunds.service.ts';
import { backOfficeShopLoader } from '../modules/tenants/back-office-shop.ts';
import { orderHistoryRoutes } from '../modules/order-history/order-history.routes.ts';
import { createOrderHistoryService } from '../modules/order-history/order-history.service.ts';

/** The back office's routes (issue 29): order history, refunds, reports and customers. */
export async function registerBackOffice(
  app: FastifyInstance,
  deps: {
    db: Database;
    now: () => Date;
    card: CardProvider | null;
    onMessageQueued: () => void;
    links: MessageLinks;
    tenantOf: (tenantId: string) => Promise<Tenant>;
  },
) {
  const { db, card, onMessageQueued, links, tenantOf } = deps;
  const shopOf = backOfficeShopLoader(app, db);
  await app.register(orderHistoryRoutes, {
    history: createOrderHistoryService(db, tenantOf),
    shopOf,
  });
  await app.register(refundsRoutes, {
    refunds: createRefundService({ db, card, log: app.log, links, onMessageQueued }),
    shopOf,
  });
  await app.register(reportsRoutes, { reports: createReportsService(db), shopOf });
  await app.register(customerListRoutes, { customers: createCustomerListService(db) });
}
